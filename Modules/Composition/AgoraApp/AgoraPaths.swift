import Foundation

/// Where Agora keeps its files, following the XDG base directories on Linux.
public struct AgoraPaths: Sendable, Equatable {
    /// History and other state: `$XDG_STATE_HOME/agora` or `~/.local/state/agora`.
    public let stateDirectory: URL
    /// User data (the session file): `$XDG_DATA_HOME/agora` or `~/.local/share/agora`.
    public let dataDirectory: URL
    /// The user's settings (the REPL's startup file): `$XDG_CONFIG_HOME/agora` or `~/.config/agora`.
    public let configDirectory: URL

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
        configDirectory = directory("XDG_CONFIG_HOME", default: ".config")
    }

    /// The REPL's command history.
    public var historyFile: URL { stateDirectory.appendingPathComponent("history") }

    /// The commands the REPL runs before its first prompt, as psql's `~/.psqlrc`.
    public var startupFile: URL { configDirectory.appendingPathComponent("agorarc") }

    /// The saved session of a mode. Live mode keeps one per server origin
    /// (`session-live-https-agora.example-443.json`), so a token is only ever sent to the server
    /// that issued it and a 401 from one server ends only that server's session; OSS mode has one.
    ///
    /// - Parameter server: live mode's server; ignored in OSS mode.
    public func sessionFile(for mode: AppMode, server: URL?) -> URL {
        dataDirectory.appendingPathComponent("session-\(Self.fileStem(mode, server)).json")
    }

    /// This device's id for a mode's server (``DeviceFile``), beside its session file and named
    /// the same way, but kept when the session ends.
    public func deviceFile(for mode: AppMode, server: URL?) -> URL {
        dataDirectory.appendingPathComponent("device-\(Self.fileStem(mode, server))")
    }

    /// The cache database of a mode (cached rows and the comments outbox), kept with the user's
    /// data rather than in a cache folder: the outbox holds comments not yet sent. Live mode keeps
    /// one per server origin, so one server's rows are never shown as another's, and a comment
    /// queued for one is sent to that one.
    public func cacheFile(for mode: AppMode, server: URL?) -> URL {
        dataDirectory.appendingPathComponent("cache-\(Self.fileStem(mode, server)).sqlite")
    }

    /// The cache file earlier versions shared between every live server: never read; live mode
    /// names it at start-up, for its owner to delete once its queued comments are not needed.
    public var sharedLiveCacheFile: URL {
        dataDirectory.appendingPathComponent("cache-live.sqlite")
    }

    private static func fileStem(_ mode: AppMode, _ server: URL?) -> String {
        switch (mode, server) {
        case (.live, let server?): "live-\(ServerAddress.fileKey(for: server))"
        default: mode.rawValue
        }
    }
}
