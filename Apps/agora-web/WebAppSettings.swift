import AgoraApp
import AgoraLive
import Foundation

/// What every session of one `agora-web` run shares: the mode, the server, the mock's latency.
/// Each session's configuration is made from it anew, so no two share mock data or a cache.
struct WebAppSettings: Sendable {
    static let latencyVariable = "AGORA_MOCK_LATENCY"

    let mode: AppMode
    let serverText: String
    let latency: Duration
    let requestTimeout: Duration
    /// Live mode's connections to agora-server, pooled for every session: a session adds none
    /// of its own, so open files are bounded whatever the number of visitors.
    let transport: LiveTransport

    /// - Parameters:
    ///   - flag: `--oss` or `--live`, if given.
    ///   - environment: the process's environment (`AGORA_MODE`, `AGORA_SERVER_URL`,
    ///     `AGORA_MOCK_LATENCY`, `AGORA_REQUEST_TIMEOUT`).
    init(flag: AppMode?, environment: [String: String]) throws {
        mode = try AppMode.select(flag: flag, environment: environment)
        serverText = ServerAddress.select(environment: environment)
        if mode == .live { _ = try ServerAddress.url(serverText) }
        if let value = environment[Self.latencyVariable], !value.isEmpty {
            guard let milliseconds = Int(value), milliseconds >= 0 else {
                throw SettingsError("\(Self.latencyVariable) must be a whole number of milliseconds (e.g. 1500), got '\(value.prefix(40))'")
            }
            latency = .milliseconds(milliseconds)
        } else {
            latency = .zero
        }
        requestTimeout = try RequestTimeout.duration(in: environment, default: AppConfiguration.defaultRequestTimeout)
        transport = LiveTransport(timeout: requestTimeout, idleConnections: 32)
    }

    /// A new session's configuration: its login in memory (a browser session is its own) and
    /// its cache in memory.
    func configuration() -> AppConfiguration {
        var configuration = AppConfiguration(mode: mode, apiBaseURL: serverText, requestTimeout: requestTimeout, cacheLocation: .inMemory)
        configuration.mockService.latency = latency
        configuration.liveTransport = transport
        return configuration
    }
}

/// A setting that cannot be used, in one line.
struct SettingsError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
