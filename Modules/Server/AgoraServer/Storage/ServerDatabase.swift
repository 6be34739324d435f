import GRDB

/// Opens the server's SQLite database and brings its schema up to date.
enum ServerDatabase {
    /// A private in-memory database, or a file in WAL mode (readers never wait for the writer).
    static func open(_ location: AgoraServerConfiguration.Database) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.label = "agora-server"
        // A write that finds the file locked by another process waits a little before failing.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // Durable at each checkpoint rather than each commit: what WAL is designed for.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        let writer: any DatabaseWriter = switch location {
        case .inMemory: try DatabaseQueue(configuration: configuration)
        case .file(let path): try DatabasePool(path: path, configuration: configuration)
        }
        try ServerSchema.migrator.migrate(writer)
        return writer
    }
}
