import Hummingbird
import Logging

/// The web app over HTTP: Hummingbird serving every session's pages on 127.0.0.1.
///
/// `GET /` redirects to `/events`; `GET <page>` shows a page; `POST <page>[/<row>]/<action>`
/// sends an action (Post/Redirect/Get); `POST /_explorer` turns the explorer panel on or off;
/// `GET /_live?path=<page>` streams `event: changed` while that page's outputs change;
/// `GET /_assets/…` serves the script and the style sheet every page links.
public struct AgoraWebServer: Sendable {
    /// Where it listens: this machine only, unless a host says otherwise.
    public let host: String
    /// The port asked for; 0 until bound means a free one (``run(onListening:)`` tells which).
    public let port: Int
    private let sessions: WebSessions
    private let logger: Logger
    private let liveHeartbeat: Duration

    /// - Parameters:
    ///   - host: the address to listen on; `127.0.0.1` keeps the app on this machine.
    ///   - port: the port; 0 picks a free one.
    ///   - sessions: the sessions it serves.
    ///   - logger: where Hummingbird logs; warnings and worse by default, so standard error stays
    ///     quiet while all is well.
    ///   - liveHeartbeat: how often a quiet live stream writes a comment, which finds a reader
    ///     that went away; the longest a closed stream is kept.
    public init(
        host: String = "127.0.0.1", port: Int, sessions: WebSessions, logger: Logger = AgoraWebServer.defaultLogger,
        liveHeartbeat: Duration = AgoraWebServer.defaultLiveHeartbeat
    ) {
        self.host = host
        self.port = port
        self.sessions = sessions
        self.logger = logger
        self.liveHeartbeat = liveHeartbeat
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
        let router = Router(context: WebRequestContext.self)
        let handler = WebRequestHandler(sessions: sessions, heartbeat: liveHeartbeat)
        router.get("/") { _, _ in Response(status: .seeOther, headers: [.location: "/events"]) }
        router.get("/_live") { request, _ in await handler.live(request) }
        // Browsers ask for it on every page; the app has none, and says so without an error page.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("\(PageAssets.scriptPath)") { _, _ in WebRequestHandler.asset(PageAssets.script, contentType: "text/javascript; charset=utf-8") }
        router.get("\(PageAssets.styleSheetPath)") { _, _ in WebRequestHandler.asset(PageAssets.styleSheet, contentType: "text/css; charset=utf-8") }
        router.get("**") { request, context in await handler.page(request, context: context) }
        router.post("**") { request, context in await handler.post(request, context: context) }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "agora-web"),
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
