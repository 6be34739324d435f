import AgoraModels
import AgoraSQLiteCache
import Foundation
import Synchronization
import Testing

@Suite("Cache database")
struct CacheDatabaseTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("given a file in a folder that does not exist, when opened, then both are created, readable by their owner only")
    func createsPrivateFile() async throws {
        let file = folder.url.appendingPathComponent("nested/agora/cache.sqlite")

        let database = try CacheDatabase(location: .file(file))

        #expect(database.location == .file(file))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test("given a cached list on a file, when opened again, then the list is still there")
    func listSurvivesReopening() async throws {
        let file = folder.file("cache.sqlite")
        do {
            let cache = SQLiteListCache<Note>(database: try CacheDatabase(location: .file(file)), kind: "note")
            await cache.replace("notes", with: [Note(2), Note(1)])
        }

        let reopened = SQLiteListCache<Note>(database: try CacheDatabase(location: .file(file)), kind: "note")

        #expect(await reopened.items(in: "notes") == [Note(2), Note(1)])
    }

    @Test("given a file that is not a database, when opened, then one line tells why, the cache is in memory and the file is untouched")
    func corruptFileFallsBackToMemory() async throws {
        let file = folder.file("cache.sqlite")
        let garbage = Data(repeating: 0x2A, count: 4096)
        try garbage.write(to: file)
        let reports = Reports()

        let database = CacheDatabase.open(.file(file), report: reports.add)

        #expect(database.location == .inMemory)
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.contains(file.path) == true, "\(reports.lines)")
        #expect(reports.lines.first?.contains("\n") == false)
        #expect(try Data(contentsOf: file) == garbage)
        let cache = SQLiteListCache<Note>(database: database, kind: "note")
        await cache.replace("notes", with: [Note(1)])
        #expect(await cache.items(in: "notes") == [Note(1)], "the memory cache works")
    }

    @Test("given a path that is a folder, not a file, when opened, then the app goes on with a cache in memory")
    func unusablePathFallsBackToMemory() async throws {
        let path = folder.file("cache.sqlite")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        let reports = Reports()

        let database = CacheDatabase.open(.file(path), report: reports.add)

        #expect(database.location == .inMemory)
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.hasPrefix("The cache \(path.path) cannot be used") == true, "\(reports.lines)")
    }

    @Test("given a healthy file, when opened, then nothing is reported")
    func healthyFileReportsNothing() throws {
        let reports = Reports()

        let database = CacheDatabase.open(.file(folder.file("cache.sqlite")), report: reports.add)

        #expect(database.location == .file(folder.file("cache.sqlite")))
        #expect(reports.lines.isEmpty)
    }

    @Test("given domain values, then they come back from SQLite as they went in, dates to the fraction of a second")
    func domainValuesRoundTrip() async throws {
        let cache = SQLiteListCache<Event>(database: try CacheDatabase(location: .inMemory), kind: "event")
        let event = Event(
            id: 42, title: "Swift 勉強会", summary: "Line one\nline two", venue: "渋谷", startsAt: Date(timeIntervalSince1970: 1_796_140_800.123),
            endsAt: Date(timeIntervalSince1970: 1_796_148_000.5), hostID: 3, attendeeCount: 12, commentCount: 4, isGoing: true
        )

        await cache.store(event)

        #expect(await cache.item(id: 42) == event)
    }
}

/// The lines a database reported.
final class Reports: Sendable {
    private let stored = Mutex<[String]>([])

    var lines: [String] { stored.withLock { $0 } }

    var add: @Sendable (String) -> Void {
        { [self] line in stored.withLock { $0.append(line) } }
    }
}
