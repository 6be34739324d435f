import GRDB

extension DatabaseQueue {
    /// Opens the database file a test server used, to read what it stored. The server's pool may
    /// still be closing (its last checkpoint) when the test goes on, on a loaded machine: this
    /// waits for its lock instead of failing with "database is locked".
    static func afterServer(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
