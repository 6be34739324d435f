import AgoraCache
import AgoraSQLiteCache
import Foundation
import Testing

/// What the specifications store: small, and enough to see order and updates.
struct Note: Codable, Identifiable, Hashable, Sendable {
    let id: Int
    var text: String

    init(_ id: Int, _ text: String? = nil) {
        self.id = id
        self.text = text ?? "note \(id)"
    }
}

/// A queued message, as an outbox keeps it.
struct Message: Codable, Identifiable, Hashable, Sendable {
    let id: String
    var body: String
}

/// Each cache implementation the same specification runs against.
enum CacheImplementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case sqliteInMemory
    case sqliteFile

    var testDescription: String {
        switch self {
        case .inMemory: "InMemoryListCache"
        case .sqliteInMemory: "SQLiteListCache in memory"
        case .sqliteFile: "SQLiteListCache on a file"
        }
    }

    /// A new, empty cache of notes; a file one lives in `folder`.
    func makeNotes(in folder: TemporaryFolder) throws -> any ListCache<Note> {
        switch self {
        case .inMemory: InMemoryListCache<Note>()
        case .sqliteInMemory: SQLiteListCache<Note>(database: try CacheDatabase(location: .inMemory), kind: "note")
        case .sqliteFile: SQLiteListCache<Note>(database: try CacheDatabase(location: .file(folder.file("cache.sqlite"))), kind: "note")
        }
    }

    /// A new, empty outbox; a file one lives in `folder`.
    func makeOutbox(in folder: TemporaryFolder) throws -> any Outbox<Message> {
        switch self {
        case .inMemory: InMemoryOutbox<Message>()
        case .sqliteInMemory: SQLiteOutbox<Message>(database: try CacheDatabase(location: .inMemory), name: "messages")
        case .sqliteFile: SQLiteOutbox<Message>(database: try CacheDatabase(location: .file(folder.file("cache.sqlite"))), name: "messages")
        }
    }
}

/// A fresh folder under the system's temporary folder; the files a test leaves there are
/// removed with the folder when the value goes.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("agora-cache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Every value an observation handed over, in order, recorded on the main actor where screens
/// take them.
@MainActor
final class ObservedValues<Value: Sendable> {
    private(set) var values: [Value] = []

    nonisolated init() {}

    /// The closure to observe with.
    nonisolated var onChange: @MainActor @Sendable (Value) -> Void {
        { [weak self] value in self?.values.append(value) }
    }
}
