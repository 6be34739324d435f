import Foundation

/// Where Agora keeps its files, following the XDG base directories on Linux.
public struct AgoraPaths: Sendable, Equatable {
    /// History and other state: `$XDG_STATE_HOME/agora` or `~/.local/state/agora`.
    public let stateDirectory: URL
    /// User data (the session file): `$XDG_DATA_HOME/agora` or `~/.local/share/agora`.
    public let dataDirectory: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory())
        func directory(_ variable: String, default relative: String) -> URL {
            // The spec says to ignore a relative path in these variables.
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value).appendingPathComponent("agora")
            }
            return home.appendingPathComponent(relative).appendingPathComponent("agora")
        }
        stateDirectory = directory("XDG_STATE_HOME", default: ".local/state")
        dataDirectory = directory("XDG_DATA_HOME", default: ".local/share")
    }

    /// The REPL's command history.
    public var historyFile: URL { stateDirectory.appendingPathComponent("history") }

    /// The saved session of a mode: live and OSS tokens are kept apart, as neither works with
    /// the other's server.
    public func sessionFile(for mode: AppMode) -> URL {
        dataDirectory.appendingPathComponent("session-\(mode.rawValue).json")
    }

    /// The cache database of a mode (cached rows and the comments outbox), kept with the user's
    /// data rather than in a cache folder: the outbox holds comments not yet sent.
    public func cacheFile(for mode: AppMode) -> URL {
        dataDirectory.appendingPathComponent("cache-\(mode.rawValue).sqlite")
    }
}
