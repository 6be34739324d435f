import AgoraApp
import AgoraHTTPServing
import AgoraMocks
import AgoraWeb
import AgoraWebUI
import Foundation
import Logging

/// agora-web in the test's process, on a free loopback port, until `body` returns.
@MainActor
func withWebApp<Result>(
    views: @escaping @MainActor () -> [any FeatureWebViews] = { AgoraWebPlugins.all },
    idleLimit: Duration = .seconds(30 * 60),
    maximumSessions: Int = 1_000,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { .now },
    configuration: (@MainActor () -> AppConfiguration)? = nil,
    _ body: (_ port: Int) async throws -> Result
) async throws -> Result {
    try await withWebSessions(
        views: views, idleLimit: idleLimit, maximumSessions: maximumSessions, now: now, configuration: configuration
    ) { port, _ in try await body(port) }
}

/// agora-web in the test's process, as ``withWebApp(views:idleLimit:maximumSessions:now:configuration:_:)``,
/// with its sessions in `body`'s hands to count what they hold.
@MainActor
func withWebSessions<Result>(
    views: @escaping @MainActor () -> [any FeatureWebViews] = { AgoraWebPlugins.all },
    idleLimit: Duration = .seconds(30 * 60),
    maximumSessions: Int = 1_000,
    maximumPerAddress: Int = 100,
    maximumStreamsPerSession: Int = 4,
    maximumStreamsPerAddress: Int = 16,
    liveHeartbeat: Duration = AgoraWebServer.defaultLiveHeartbeat,
    limits: ConnectionLimits = ConnectionLimits(),
    allowedHosts: [String] = [],
    trustedProxies: TrustedProxies = .none,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { .now },
    maximumCompositions: Int = 200,
    store: (any WebSessionStore)? = nil,
    configuration: (@MainActor () -> AppConfiguration)? = nil,
    opensExplorer: Bool = false,
    _ body: (_ port: Int, _ sessions: WebSessions) async throws -> Result
) async throws -> Result {
    // OSS mode: one mock backend for every session, as agora-web has.
    let mock = MockService()
    let sessions = WebSessions(
        idleLimit: idleLimit, maximumCount: maximumSessions, maximumPerAddress: maximumPerAddress, maximumCompositions: maximumCompositions,
        maximumStreamsPerSession: maximumStreamsPerSession, maximumStreamsPerAddress: maximumStreamsPerAddress, store: store,
        configuration: configuration ?? { AppConfiguration(mode: .oss, mockService: mock) }, views: views,
        opensExplorer: opensExplorer, now: now)
    // Stopping the server at the end of a test is no error worth a line.
    var logger = Logger(label: "agora-web-test")
    logger.logLevel = .critical
    let server = AgoraWebServer(
        port: 0, sessions: sessions, logger: logger, liveHeartbeat: liveHeartbeat, limits: limits, allowedHosts: allowedHosts,
        trustedProxies: trustedProxies)
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    let task = Task { try await server.run { port in listening.yield(port) } }
    defer { task.cancel() }
    var bound: Int?
    for await port in ports {
        bound = port
        break
    }
    guard let port = bound else { throw BrowserError("the web app did not start") }
    return try await body(port, sessions)
}
