import AgoraCache
import AgoraSQLiteCache
import Testing

/// What every ``Outbox`` does, in memory and in SQLite: entries in the order they were added,
/// until removed.
@Suite("Outbox specification")
struct OutboxSpecificationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("given entries added, then they come back oldest first; a removed one is gone", arguments: CacheImplementation.allCases)
    func orderAndRemoval(_ implementation: CacheImplementation) async throws {
        let outbox = try implementation.makeOutbox(in: folder)

        try await outbox.add(Message(id: "b", body: "first"))
        try await outbox.add(Message(id: "a", body: "second"))
        try await outbox.add(Message(id: "c", body: "third"))
        await outbox.remove(id: "a")

        #expect(await outbox.entries() == [Message(id: "b", body: "first"), Message(id: "c", body: "third")])
    }

    @Test("given an entry, when one with its id is added again, then it is updated where it was", arguments: CacheImplementation.allCases)
    func sameIDUpdatesInPlace(_ implementation: CacheImplementation) async throws {
        let outbox = try implementation.makeOutbox(in: folder)
        try await outbox.add(Message(id: "a", body: "one"))
        try await outbox.add(Message(id: "b", body: "two"))

        try await outbox.add(Message(id: "a", body: "one, edited"))

        #expect(await outbox.entries() == [Message(id: "a", body: "one, edited"), Message(id: "b", body: "two")])
    }

    @Test("given an empty outbox, then it has no entries and removing one is harmless", arguments: CacheImplementation.allCases)
    func empty(_ implementation: CacheImplementation) async throws {
        let outbox = try implementation.makeOutbox(in: folder)

        await outbox.remove(id: "missing")

        #expect(await outbox.entries().isEmpty)
    }

    @Test("given an outbox on a file, when the database is closed and opened again, then its entries are there in order")
    func survivesReopening() async throws {
        let file = folder.file("cache.sqlite")
        do {
            let outbox = SQLiteOutbox<Message>(database: try CacheDatabase(location: .file(file)), name: "messages")
            try await outbox.add(Message(id: "1", body: "written offline"))
            try await outbox.add(Message(id: "2", body: "written later"))
        }

        let reopened = SQLiteOutbox<Message>(database: try CacheDatabase(location: .file(file)), name: "messages")

        #expect(await reopened.entries() == [Message(id: "1", body: "written offline"), Message(id: "2", body: "written later")])
    }

    @Test("given two outboxes in one database, then each keeps its own entries")
    func outboxesAreApart() async throws {
        let database = try CacheDatabase(location: .inMemory)
        let comments = SQLiteOutbox<Message>(database: database, name: "comments")
        let others = SQLiteOutbox<Message>(database: database, name: "others")

        try await comments.add(Message(id: "1", body: "a comment"))

        #expect(await comments.entries().count == 1)
        #expect(await others.entries().isEmpty)
    }
}
