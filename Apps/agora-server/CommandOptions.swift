import AgoraHTTPServing
import ArgumentParser
import Logging

/// What `--seed` accepts.
enum SeedOption: String, CaseIterable, ExpressibleByArgument {
    case none
    case demo
}

/// What `--log-level` accepts: swift-log's levels.
enum LogLevelOption: String, CaseIterable, ExpressibleByArgument {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}

/// What `--log-format` accepts.
enum LogFormatOption: String, CaseIterable, ExpressibleByArgument {
    /// swift-log's stream format: `<time> <level> <label>: <metadata> <message>`.
    case text
    /// One JSON object per line (`JSONLineLogHandler`).
    case json
}

/// What `--forwarded-header` accepts: the header the trusted proxies write.
extension ForwardingHeader: ExpressibleByArgument {}
