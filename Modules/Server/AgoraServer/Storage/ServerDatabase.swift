import AgoraPrivateFiles
import Foundation
import GRDB

/// Opens the server's SQLite database and brings its schema up to date.
enum ServerDatabase {
    /// A private in-memory database, or a file in WAL mode (readers never wait for the writer).
    ///
    /// A database file holds password hashes and the digests of session tokens, so it is
    /// readable by its owner only (0600), like the client's session file: a new file is created
    /// so before SQLite opens it (SQLite gives its `-wal` and `-shm` files the database file's
    /// mode), and a file an earlier version left readable by others is tightened.
    /// - Parameter path: the database file; `nil` for a private in-memory database.
    static func open(path: String?) throws -> any DatabaseWriter {
        if let path { try restrictToOwner(path) }
        var configuration = Configuration()
        configuration.label = "agora-server"
        // A write that finds the file locked by another process waits a little before failing.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Durable at each checkpoint rather than each commit: what WAL is designed for.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        let writer: any DatabaseWriter =
            if let path { try DatabasePool(path: path, configuration: configuration) } else { try DatabaseQueue(configuration: configuration) }
        try ServerSchema.migrator.migrate(writer)
        return writer
    }

    /// Creates `path` with mode 0600 when it is missing; makes it and its `-wal` and `-shm`
    /// companions 0600 when they exist. Done before SQLite writes a byte, so no secret is ever
    /// in a file others can read.
    static func restrictToOwner(_ path: String) throws {
        for file in [path, path + "-wal", path + "-shm"] where file == path || FileManager.default.fileExists(atPath: file) {
            do {
                try PrivateFile.prepareFile(file, makingFolders: false)
            } catch {
                throw DatabaseFileError(path: file, reason: error.description)
            }
        }
    }
}

/// The database file could not be created or made private; one line naming it and why.
struct DatabaseFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path) cannot be made readable by its owner only: \(reason)" }
}
