import AgoraPrivateFiles
import Foundation
import GRDB

/// A consistent copy of a server's SQLite database, taken while a server may be writing to it.
///
/// SQLite's online backup API (`sqlite3_backup_init`, `_step`, `_finish`, through GRDB's
/// `backup(to:)`) copies the database page by page inside one read transaction: the copy is the
/// database as of one moment, whatever a running server commits meanwhile, and the server is
/// never blocked (in WAL mode a reader does not hold up the writer). Copying the file with `cp`
/// instead can catch a half-written page or miss what is still in the `-wal` file.
///
/// The copy is a plain SQLite database, readable by its owner only like the original (it holds
/// password hashes and token digests): `agora-server --db COPY` serves it, which is how it is
/// restored.
public enum DatabaseBackup {
    /// Why a backup was not made, in one line naming the file and what to do.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies the database at `source` into a new file at `destination`.
    ///
    /// - Throws: ``Failure`` when `source` does not exist or `destination` does; SQLite's error
    ///   when either cannot be opened or the copy fails.
    public static func copy(from source: String, to destination: String) throws {
        guard FileManager.default.fileExists(atPath: source) else {
            throw Failure(description: "the database \(source) does not exist; pass the --db the server runs with")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw Failure(description: "\(destination) already exists; choose a new file, so that no earlier backup is overwritten")
        }
        var configuration = Configuration()
        configuration.label = "agora-server backup"
        // The server may be committing: wait for its write lock rather than fail.
        configuration.busyMode = .timeout(5)
        let reader = try DatabaseQueue(path: source, configuration: configuration)
        do {
            try PrivateFile.prepareFile(destination, makingFolders: false)
        } catch {
            throw Failure(description: "\(destination) cannot be created readable by its owner only: \(error.description)")
        }
        let copy = try DatabaseQueue(path: destination)
        try reader.backup(to: copy)
        // The copy is one file: no -wal to carry along, whatever mode the original is in.
        try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try copy.close()
        try reader.close()
    }
}
