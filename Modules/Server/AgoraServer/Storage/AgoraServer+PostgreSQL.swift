import AgoraPostgres
import Logging

extension AgoraServer {
    /// The PostgreSQL store at `url`, when this server was built with the PostgreSQL trait (the
    /// default); built without it, a configuration error that says so.
    static func openPostgres(
        _ url: PostgresURL, deadline: Duration, startupDeadline: Duration, use: DatabaseUse, logger: Logger
    ) async throws -> any ServerStore {
        #if PostgreSQL
        try await PostgresStore.open(url, deadline: deadline, startupDeadline: startupDeadline, use: use, logger: logger)
        #else
        throw ConfigurationError(
            "database-url", "this agora-server was built without PostgreSQL (--disable-default-traits); build it with its default traits, or use --db")
        #endif
    }
}
