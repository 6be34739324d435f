import AgoraAPI
import AgoraApp
import AgoraLive
import AgoraMocks
import Foundation

/// What every session of one `agora-web` run shares: the mode, the server, and in OSS mode the
/// mock backend, so the run is one world as a server is (a comment one member posts, another
/// reads; a composition made again finds the login challenge it waits on). Each composition's
/// configuration is made from it anew, with a cache of its own.
struct WebAppSettings: Sendable {
    static let latencyVariable = "AGORA_MOCK_LATENCY"

    let mode: AppMode
    let serverText: String
    let latency: Duration
    let requestTimeout: Duration
    /// Live mode's connections to agora-server, pooled for every session: a session adds none
    /// of its own, so open files are bounded whatever the number of visitors.
    let transport: LiveTransport
    /// OSS mode's mock, with its backend, for every session.
    let mockService: MockService
    /// Live mode's streams of events' changes, one per event for every session: the server sees
    /// agora-web as one client of each event, not one per visitor.
    let changes: SharedEventChanges?

    /// - Parameters:
    ///   - flag: `--oss` or `--live`, if given.
    ///   - environment: the process's environment (`AGORA_MODE`, `AGORA_SERVER_URL`,
    ///     `AGORA_MOCK_LATENCY`, `AGORA_REQUEST_TIMEOUT`).
    init(flag: AppMode?, environment: [String: String]) throws {
        mode = try AppMode.select(flag: flag, environment: environment)
        serverText = ServerAddress.select(environment: environment)
        changes = mode == .live ? SharedEventChanges(source: LiveEventChanges(baseURL: try ServerAddress.url(serverText))) : nil
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
        var mockService = MockService()
        mockService.latency = latency
        self.mockService = mockService
    }

    /// A new composition's configuration: its cache in memory, the shared mock and connections.
    func configuration() -> AppConfiguration {
        var configuration = AppConfiguration(
            mode: mode, mockService: mockService, apiBaseURL: serverText, requestTimeout: requestTimeout, cacheLocation: .inMemory)
        configuration.liveTransport = transport
        configuration.liveChanges = changes
        // A logged-in visitor's own stream holds a connection to agora-server: events' streams
        // are shared by every visitor, a member's cannot be. So it is open only while a page of
        // theirs is (its `/_live` stream), not for as long as their composition is kept.
        configuration.followsMemberChangesWhileWatched = true
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
