import AgoraCache
import Comments
import Foundation
import Synchronization

/// What a user sent that the server has not taken yet, kept by a host apart from the app's
/// cache: agora-web keeps it in a browser session's record, so a queued comment outlives the
/// composition that queued it when that composition is let go to save memory, and goes with the
/// record wherever the host stores it (``encoded()``, ``restore(encoded:)``).
///
/// Without one (``AppConfiguration/outboxes`` `nil`), the outboxes live on the cache's database,
/// a file in live mode.
public final class SessionOutboxes: Sendable {
    let commentsOutbox = KeptOutbox<OutgoingComment>()

    public init() {}

    /// What waits for the server, as JSON: what a host stores with the session.
    public func encoded() throws -> Data {
        try JSONEncoder().encode(Stored(comments: commentsOutbox.kept))
    }

    /// Puts back what ``encoded()`` gave, replacing what the outboxes hold.
    ///
    /// - Throws: `DecodingError` when `data` is not what ``encoded()`` gives.
    public func restore(encoded data: Data) throws {
        commentsOutbox.replace(with: try JSONDecoder().decode(Stored.self, from: data).comments)
    }

    private struct Stored: Codable {
        var comments: [OutgoingComment]
    }
}

/// An ``Outbox`` in memory whose entries can be read at once, without waiting: a host copies
/// them into what it stores as a request ends. Same semantics as the other outboxes.
final class KeptOutbox<Entry: Codable & Identifiable & Sendable>: Outbox, Sendable where Entry.ID: Codable & Sendable {
    private let stored = Mutex<[Entry]>([])

    var kept: [Entry] { stored.withLock { $0 } }

    func replace(with kept: [Entry]) {
        stored.withLock { $0 = kept }
    }

    func add(_ entry: Entry) async {
        stored.withLock { entries in
            if let index = entries.firstIndex(where: { $0.id == entry.id }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
    }

    func entries() async -> [Entry] { kept }

    func remove(id: Entry.ID) async {
        stored.withLock { $0.removeAll { $0.id == id } }
    }
}
