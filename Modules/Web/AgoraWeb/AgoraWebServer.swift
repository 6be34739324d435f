import AgoraHTTPServing
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The web app over HTTP: Hummingbird serving every session's pages on 127.0.0.1.
///
/// `GET /` redirects to `/events`; `GET <page>` shows a page; `POST <page>[/<row>]/<action>`
/// sends an action (Post/Redirect/Get); `POST /_explorer` turns the explorer panel on or off,
/// and `POST /_explorer/send` and `POST /_explorer/resolve` are its `send` and `resolve`;
/// `GET /_live?path=<page>` streams `event: changed` while that page's outputs change;
/// `GET /_assets/…` serves the script and the style sheet every page links.
///
/// In front of every route, what agora-server has too: only the host names it was started for
/// are answered (421 for another, so a page that rebinds its name to this machine gets nothing),
/// a connection silent for the idle timeout is closed (a request's head included), a form must
/// arrive within the body timeout (408), and at most so many connections are served at once.
public struct AgoraWebServer: Sendable {
    /// Where it listens: this machine only, unless a host says otherwise.
    public let host: String
    /// The port asked for; 0 until bound means a free one (``run(onListening:)`` tells which).
    public let port: Int
    private let sessions: WebSessions
    private let logger: Logger
    private let liveHeartbeat: Duration
    private let limits: ConnectionLimits
    private let allowedHosts: [String]
    private let trustedProxies: TrustedProxies

    /// - Parameters:
    ///   - host: the address to listen on; `127.0.0.1` keeps the app on this machine.
    ///   - port: the port; 0 picks a free one.
    ///   - sessions: the sessions it serves.
    ///   - logger: where Hummingbird logs; warnings and worse by default, so standard error stays
    ///     quiet while all is well.
    ///   - liveHeartbeat: how often a quiet live stream writes a comment, which finds a reader
    ///     that went away; the longest a closed stream is kept.
    ///   - limits: the idle and body timeouts and the most connections served at once.
    ///   - allowedHosts: host names served besides `127.0.0.1`, `localhost`, `[::1]` and `host`.
    ///   - trustedProxies: the proxies (nginx) whose `Forwarded`/`X-Forwarded-For` names the
    ///     visitor; none by default, so a visitor cannot claim another's address.
    public init(
        host: String = "127.0.0.1", port: Int, sessions: WebSessions, logger: Logger = AgoraWebServer.defaultLogger,
        liveHeartbeat: Duration = AgoraWebServer.defaultLiveHeartbeat, limits: ConnectionLimits = ConnectionLimits(),
        allowedHosts: [String] = [], trustedProxies: TrustedProxies = .none
    ) {
        self.host = host
        self.port = port
        self.sessions = sessions
        self.logger = logger
        self.liveHeartbeat = liveHeartbeat
        self.limits = limits
        self.allowedHosts = allowedHosts
        self.trustedProxies = trustedProxies
    }

    /// Serves until the calling task is cancelled; `onListening` gets the bound port.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(onListening: onListening).run()
    }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the bound port.
    public func runUntilSignalled(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(onListening: onListening).runService()
    }

    /// How often a quiet live stream writes its comment unless told otherwise: a browser that
    /// went away is let go of within it.
    public static let defaultLiveHeartbeat: Duration = .seconds(5)

    /// Hummingbird's log: warnings and worse.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "agora-web")
        logger.logLevel = .warning
        return logger
    }

    private func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        guard (0...65_535).contains(port) else { throw WebServerError("port \(port) is out of range; expected 0...65535 (0 picks a free port)") }
        let router = Router(context: PeerRequestContext.self)
        router.middlewares.add(
            HostAllowListMiddleware(.serving(host: host, allowing: allowedHosts), expected: "127.0.0.1, localhost or a name given with --allowed-host"))
        let handler = WebRequestHandler(sessions: sessions, heartbeat: liveHeartbeat, bodyTimeout: limits.bodyTimeout, trustedProxies: trustedProxies)
        router.get("/") { _, _ in Response(status: .seeOther, headers: [.location: "/events"]) }
        router.get("/_live") { request, _ in await handler.live(request) }
        // Pages name their icon (`PageAssets.iconPath`); a browser that asks for this one
        // anyway is told there is nothing here, without an error page.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        let script = WebAsset(PageAssets.script, contentType: "text/javascript; charset=utf-8")
        let styleSheet = WebAsset(PageAssets.styleSheet, contentType: "text/css; charset=utf-8")
        let icon = WebAsset(PageAssets.icon, contentType: "image/svg+xml")
        router.get("\(PageAssets.iconPath)") { request, _ in icon.response(to: request) }
        router.get("\(PageAssets.scriptPath)") { request, _ in script.response(to: request) }
        router.get("\(PageAssets.styleSheetPath)") { request, _ in styleSheet.response(to: request) }
        router.get("**") { request, context in await handler.page(request, context: context) }
        router.post("**") { request, context in await handler.post(request, context: context) }
        // At the cap, the connection idle the longest makes way for a newcomer, as in
        // agora-server: connections that send nothing cannot keep visitors out. A live stream is
        // busy, never idle; how many one visitor holds is bounded by the sessions (``WebSessions``).
        let connections = OpenConnections(limit: limits.maxConnections)
        return Application(
            responder: RequestTaskResponder(router.buildResponder()),
            // The idle timeout also bounds how long a request's head may take to arrive.
            server: .http1Closing(configuration: .init(idleTimeout: TimeAmount(limits.idleTimeout)), connections: connections),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "agora-web",
                availableConnectionsDelegate: IdleFirstConnectionLimit(connections: connections, logger: logger)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

/// Why the server cannot start, in one line.
public struct WebServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
