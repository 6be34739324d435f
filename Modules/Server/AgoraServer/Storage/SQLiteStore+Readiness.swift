import GRDB

extension SQLiteStore {
    /// Runs the cheapest query that still needs the database: it throws when the file is gone,
    /// locked past the busy timeout, or corrupt.
    func checkAnswers() async throws {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }
}
