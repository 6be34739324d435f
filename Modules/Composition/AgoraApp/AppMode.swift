import AgoraSecrets

/// Which services the app runs on.
public enum AppMode: String, CaseIterable, Sendable {
    /// Mock services: deterministic data, no network, no secrets (the default on a fresh clone).
    case oss
    /// The HTTP API at `Secrets.apiBaseURL`.
    case live

    /// The environment variable that overrides `Secrets.isOSS` at run time.
    public static let environmentVariable = "AGORA_MODE"

    /// The mode to run in. The first that is set wins: the command-line flag (`--oss`/`--live`),
    /// then `AGORA_MODE`, then `Secrets.isOSS` as compiled.
    public static func select(
        flag: AppMode?,
        environment: [String: String],
        secretsIsOSS: Bool = Secrets.isOSS
    ) throws(AppModeError) -> AppMode {
        if let flag { return flag }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = AppMode(rawValue: value.lowercased()) else { throw AppModeError(value: value) }
            return mode
        }
        return secretsIsOSS ? .oss : .live
    }
}

/// `AGORA_MODE` holds something other than a mode.
public struct AppModeError: Error, Equatable, CustomStringConvertible {
    public let value: String

    public init(value: String) {
        self.value = value
    }

    public var description: String {
        "\(AppMode.environmentVariable) must be 'oss' or 'live', not '\(value.prefix(40))'."
    }
}
