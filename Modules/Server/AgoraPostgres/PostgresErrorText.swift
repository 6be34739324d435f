#if PostgreSQL
import PostgresNIO

/// An error from PostgreSQL as one line a person can act on.
///
/// postgres-nio's own description of an error is deliberately generic (it could hold a query's
/// data); the server's message, or the connection's failure, says what went wrong.
public enum PostgresErrorText {
    /// The server's message, the system's reason a connection failed, or the error's code.
    public static func oneLine(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        // NIO's own description nests every address it tried; the system's reason is the news.
        if let connection = error.underlying as? NIOConnectionError, let last = connection.connectionErrors.last,
            let io = last.error as? IOError
        {
            return "cannot connect: \(String(cString: strerror(io.errnoCode)))"
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}
#endif
