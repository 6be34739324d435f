import Logging

/// The live client's request log (one line per request on standard error), off unless asked
/// for: `AGORA_LOG=debug` (or `trace`), or `--verbose`.
enum RequestLogging {
    /// The environment variable naming the log level.
    static let environmentVariable = "AGORA_LOG"

    /// The level `AGORA_LOG` asks for (or `debug` with `verbose`); `warning` by default, which
    /// shows no request. A value that is not a level is an error naming the levels.
    static func level(in environment: [String: String], verbose: Bool) throws(RequestLoggingError) -> Logger.Level {
        if verbose { return .debug }
        guard let text = environment[environmentVariable], !text.isEmpty else { return .warning }
        guard let level = Logger.Level(rawValue: text.lowercased()) else { throw RequestLoggingError(value: text) }
        return level
    }

    /// Sends every logger's lines at `level` and above to standard error.
    static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// `AGORA_LOG` holds no log level; one line naming the levels.
struct RequestLoggingError: Error, CustomStringConvertible {
    let value: String

    var description: String {
        let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        return "\(RequestLogging.environmentVariable)='\(value.prefix(40))' is not a log level; use one of \(levels) (debug shows each request)."
    }
}
