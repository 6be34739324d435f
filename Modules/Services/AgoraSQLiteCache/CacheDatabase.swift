import AgoraPrivateFiles
import Foundation
import GRDB
import Synchronization

/// The SQLite database (through GRDB) that holds the app's cached lists and its outbox: one per
/// run, shared by every ``SQLiteListCache`` and ``SQLiteOutbox``.
///
/// A `DatabaseQueue` (one connection): the cache is small and its writes are short, and one
/// connection keeps observations in commit order.
public final class CacheDatabase: Sendable {
    /// Where the database actually is: `.inMemory` when a file could not be used.
    public let location: CacheLocation
    let queue: DatabaseQueue
    /// Where a problem that does not stop the app is told, in one line (a write that failed).
    let report: @Sendable (String) -> Void
    /// Writes submitted and not finished yet, and the revision the last finished one left.
    private let writes = Mutex(WriteState())

    private struct WriteState {
        var inFlight = 0
        var revision: Int?
    }

    /// Calls `body` with each statement the database runs from now on: how a test shows that
    /// reading what a screen holds touches no database.
    package func traceStatements(_ body: @escaping @Sendable (String) -> Void) {
        queue.inDatabase { db in db.trace { body($0.description) } }
    }

    /// Opens (or creates) the database at `location` and brings its tables up to date.
    ///
    /// - Parameter report: where later problems are told, one line each.
    /// - Throws: when the file cannot be created, is not a database, or cannot be migrated.
    public init(location: CacheLocation, report: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.location = location
        self.report = report
        var configuration = Configuration()
        // Two agora processes may share the file; the second waits rather than failing.
        configuration.busyMode = .timeout(5)
        switch location {
        case .inMemory:
            queue = try DatabaseQueue(configuration: configuration)
        case .file(let url):
            try Self.prepareFile(at: url)
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
        }
        try CacheSchema.migrator.migrate(queue)
    }

    /// The database at `location`, or, when that file cannot be used (unreadable, not a
    /// database, a folder that cannot be created), one in memory for this run: a broken cache
    /// never stops the app. The file is left as it is, and `report` is told in one line.
    public static func open(_ location: CacheLocation, report: @escaping @Sendable (String) -> Void) -> CacheDatabase {
        do {
            return try CacheDatabase(location: location, report: report)
        } catch {
            report(
                "The cache \(location) cannot be used (\(Self.oneLine(error))); this run keeps its cache in memory. Move or delete the file to start a new cache."
            )
        }
        do {
            return try CacheDatabase(location: .inMemory, report: report)
        } catch {
            // SQLite that cannot open a database in memory cannot run the app at all.
            preconditionFailure("SQLite cannot open a database in memory: \(error)")
        }
    }

    /// Creates the folder (owner only) and an empty file readable by its owner only, never
    /// through a symbolic link: the cache holds what the user read and wrote. SQLite gives the
    /// `-wal` and `-shm` files the database file's mode.
    private static func prepareFile(at url: URL) throws {
        try PrivateFile.prepareFile(url.path)
    }

    /// An error as one short line.
    static func oneLine(_ error: any Error) -> String {
        let text = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }

    /// Runs `updates` in one transaction that also increases the revision, and returns the new
    /// revision; `nil` (and one reported line) when the write failed.
    ///
    /// The write is finished even when the calling task is cancelled: a caller that decided to
    /// write (a comment the server took) must not leave the cache behind the server.
    func write(_ what: String, _ updates: @escaping @Sendable (Database) throws -> Void) async -> Int? {
        // GRDB's callback API, not its async one inside a Task: the caller resumes straight from
        // the database's queue (one thread hop each way instead of three), and the write is
        // finished whether or not the caller is cancelled (the callback API ignores tasks).
        writes.withLock { $0.inFlight += 1 }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Int, any Error>, Never>) in
            queue.asyncWrite { db in
                let changesBefore = db.totalChangesCount
                try updates(db)
                // A write that changed nothing (an item stored as it already was, which is what
                // opening a cached event does) keeps the revision: no observation fetches again.
                guard db.totalChangesCount != changesBefore else { return try CacheSchema.revision(db) }
                return try CacheSchema.nextRevision(db)
            } completion: { _, result in
                self.writes.withLock { writes in
                    writes.inFlight -= 1
                    if case .success(let revision) = result { writes.revision = revision }
                }
                continuation.resume(returning: result)
            }
        }
        switch result {
        case .success(let revision):
            return revision
        case .failure(let error):
            report("The cache could not \(what) (\(Self.oneLine(error))).")
            return nil
        }
    }

    /// The revision the database is at when nothing else can change it meanwhile: `nil` while
    /// a write of this process is under way (a caller could be ordered after it), before this
    /// process's first write, and for a file, which another agora process may change without
    /// this connection's observations seeing it.
    ///
    /// An observation that fetched at this revision holds the database's current contents, so
    /// a write of what it holds would change nothing and can be skipped, with no queue hop.
    var settledRevision: Int? {
        guard case .inMemory = location else { return nil }
        return writes.withLock { $0.inFlight == 0 ? $0.revision : nil }
    }

    /// Reads with `fetch`; `fallback` (and one reported line) when the read failed. Like a
    /// write, a read is finished even when the calling task is cancelled (it is short).
    func read<Value: Sendable>(
        _ what: String, fallback: Value, _ fetch: @escaping @Sendable (Database) throws -> Value
    ) async -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
            queue.asyncRead { database in
                continuation.resume(returning: Result { try fetch(try database.get()) })
            }
        }
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            report("The cache could not \(what) (\(Self.oneLine(error))).")
            return fallback
        }
    }
}
