import AgoraArchitecture
import AgoraSQLiteCache
import Foundation
import GRDB
import Testing

/// A cache file written by an earlier version of Agora opens, keeps its lists and follows them.
@MainActor
@Suite("Cache migrations")
struct CacheMigrationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A file as version 1 of the schema left it (before items carried a revision).
    func writeVersion1File(at url: URL, notes: [Note]) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    CREATE TABLE cacheRevision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                    INSERT INTO cacheRevision (id, value) VALUES (1, 7);
                    CREATE TABLE cachedItem (kind TEXT NOT NULL, id TEXT NOT NULL, json BLOB NOT NULL, PRIMARY KEY (kind, id));
                    CREATE TABLE listMembership (
                        kind TEXT NOT NULL, list TEXT NOT NULL, itemID TEXT NOT NULL, position INTEGER NOT NULL,
                        PRIMARY KEY (kind, list, itemID));
                    CREATE INDEX listMembershipByPosition ON listMembership (kind, list, position);
                    CREATE INDEX listMembershipByItem ON listMembership (kind, itemID);
                    CREATE TABLE outboxEntry (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT, outbox TEXT NOT NULL, id TEXT NOT NULL,
                        json BLOB NOT NULL, UNIQUE (outbox, id));
                    """)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for (position, note) in notes.enumerated() {
                try db.execute(
                    sql: "INSERT INTO cachedItem (kind, id, json) VALUES ('note', ?, ?)",
                    arguments: [String(note.id), try encoder.encode(note)])
                try db.execute(sql: "INSERT INTO listMembership VALUES ('note', 'notes', ?, ?)", arguments: [String(note.id), position])
            }
        }
    }

    @Test("given a version 1 file, when opened, then its list is read, followed, and an edit to one item is shown")
    func version1FileIsMigrated() async throws {
        let file = folder.file("cache.sqlite")
        try writeVersion1File(at: file, notes: [Note(1), Note(2), Note(3)])

        let cache = SQLiteListCache<Note>(database: try CacheDatabase(location: .file(file)), kind: "note")
        let observed = ObservedValues<[Note]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)
        await cache.store(Note(2, "edited"))
        await cache.append([Note(4)], to: "notes")

        #expect(await cache.items(in: "notes") == [Note(1), Note(2, "edited"), Note(3), Note(4)])
        #expect(
            observed.values == [
                [Note(1), Note(2), Note(3)],
                [Note(1), Note(2, "edited"), Note(3)],
                [Note(1), Note(2, "edited"), Note(3), Note(4)],
            ])
        subscription.cancel()
    }
}
