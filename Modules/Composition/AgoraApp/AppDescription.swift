import AgoraSecrets

/// What `env` shows about a running app: mode, server, who is logged in, where files are —
/// with every secret redacted.
public struct AppDescription: Sendable {
    /// Label and value pairs, in display order.
    public let entries: [(label: String, value: String)]

    /// Describes `configuration` with `user` logged in (or nobody).
    public init(configuration: AppConfiguration, user: String?, clientID: String = Secrets.apiClientID, clientSecret: String = Secrets.apiClientSecret) {
        let live = configuration.mode == .live
        entries = [
            ("mode", configuration.mode == .oss ? "oss (mock services, no network)" : "live"),
            ("server", live ? configuration.apiBaseURL : "\(configuration.apiBaseURL) (not used in OSS mode)"),
            ("client id", clientID.isEmpty || (live && clientID == Self.ossClientID) ? "(none)" : clientID),
            ("client secret", clientSecret.isEmpty ? "(none)" : "(set, redacted)"),
            ("user", user ?? "(not logged in)"),
            ("session file", configuration.paths.sessionFile(for: configuration.mode, server: try? ServerAddress.url(configuration.apiBaseURL)).path),
            ("history file", configuration.paths.historyFile.path),
            ("cache", configuration.cacheLocation.description),
        ]
    }

    /// The client id of `Secrets.example.swift`, OSS mode's: not one a live server gave.
    static let ossClientID = "agora-oss"

    /// Aligned lines: "mode           oss (…)".
    public var lines: [String] {
        let width = entries.map(\.label.count).max() ?? 0
        return entries.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.value }
    }
}
