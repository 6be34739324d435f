import AgoraSecrets

/// What `env` shows about a running app: mode, server, who is logged in, where files are —
/// with every secret redacted.
public struct AppDescription: Sendable {
    /// Label and value pairs, in display order.
    public let entries: [(label: String, value: String)]
    /// The same facts for a program, by stable key, without the words around them: `mode` is
    /// `oss`, a value that is not there is absent, a yes or no is a flag.
    public let data: [(key: String, value: DataValue)]

    /// A value of ``data``.
    public enum DataValue: Sendable, Equatable {
        case text(String)
        case flag(Bool)
        /// Not there: no user logged in, no client id.
        case absent
    }

    /// Describes `configuration` with `user` logged in (or nobody).
    public init(configuration: AppConfiguration, user: String?, clientID: String = Secrets.apiClientID, clientSecret: String = Secrets.apiClientSecret) {
        let live = configuration.mode == .live
        let shownClientID = clientID.isEmpty || (live && clientID == Self.ossClientID) ? nil : clientID
        let sessionFile = configuration.paths.sessionFile(for: configuration.mode, server: try? ServerAddress.url(configuration.apiBaseURL)).path
        entries = [
            ("mode", configuration.mode == .oss ? "oss (mock services, no network)" : "live"),
            ("server", live ? configuration.apiBaseURL : "\(configuration.apiBaseURL) (not used in OSS mode)"),
            ("client id", shownClientID ?? "(none)"),
            ("client secret", clientSecret.isEmpty ? "(none)" : "(set, redacted)"),
            ("user", user ?? "(not logged in)"),
            ("session file", sessionFile),
            ("history file", configuration.paths.historyFile.path),
            ("cache", configuration.cacheLocation.description),
        ]
        data = [
            ("mode", .text(configuration.mode.rawValue)), ("server", .text(configuration.apiBaseURL)), ("serverUsed", .flag(live)),
            ("clientId", shownClientID.map(DataValue.text) ?? .absent), ("clientSecretSet", .flag(!clientSecret.isEmpty)),
            ("loggedIn", .flag(user != nil)), ("user", user.map(DataValue.text) ?? .absent), ("sessionFile", .text(sessionFile)),
            ("historyFile", .text(configuration.paths.historyFile.path)), ("cache", .text(configuration.cacheLocation.description)),
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
