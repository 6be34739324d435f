import AgoraContract
import Foundation
import Synchronization

/// Sessions found by their token, kept until the next write.
///
/// Every request with a token needs its session, and looking it up was most of a member's read:
/// an indexed query, where an anonymous read from ``ReadCache`` touches no database at all. A
/// session is kept with the store's generation and used while no write has happened since.
/// Ending a session is a write, so a revoked token (in any process sharing the store) is never
/// served from here; expiry is checked against the clock on every use. Only sessions that exist
/// are kept, so unknown tokens cannot fill it.
final class SessionCache: Sendable {
    private struct Entry {
        let generation: UInt64
        let session: StoredSession
    }

    /// How many sessions are kept; when full, all are dropped (they all go at the next write
    /// anyway), which bounds memory.
    static let capacity = 4_096

    private let entries = Mutex<[String: Entry]>([:])
    private let store: any ServerStore
    private let now: @Sendable () -> Date

    init(store: any ServerStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// The user `token` belongs to: 401 when it is unknown, revoked or expired.
    ///
    /// - Parameter generation: the store's generation, when the caller has just read it.
    func user(token: String, generation: UInt64? = nil) async throws -> Components.Schemas.User {
        let digest = TokenDigest.of(token)
        let current: UInt64
        if let generation { current = generation } else { current = try await store.generation() }
        let kept = entries.withLock { entries -> StoredSession? in
            guard let entry = entries[digest] else { return nil }
            guard entry.generation == current else {
                entries[digest] = nil
                return nil
            }
            return entry.session
        }
        if let kept { return try kept.user(at: now()) }
        // The generation is read before the session, so a session ended in between leaves this
        // copy stamped with a generation that is already past.
        guard let session = try await store.session(tokenDigest: digest) else { throw APIError.unauthorized }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[digest] = Entry(generation: current, session: session)
        }
        return try session.user(at: now())
    }
}
