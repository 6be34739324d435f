import Foundation

/// A server serving in the background, from ``AgoraServer/start(port:)``: where it listens, and how
/// to stop it.
///
/// Stop it with ``stop()`` when done; a handle that is released without being stopped cancels
/// the server too, but without waiting for it.
public final class RunningAgoraServer: Sendable {
    /// The address it listens on, as configured.
    public let host: String
    /// The port it is bound to: the system's choice when the configuration said 0.
    public let port: Int
    private let services: BackgroundServices

    init(host: String, port: Int, services: BackgroundServices) {
        self.host = host
        self.port = port
        self.services = services
    }

    /// `http://<host>:<port>`, the base URL of every endpoint (`/health`, `/v1/...`).
    public var baseURL: URL {
        // An IPv6 address needs brackets in a URL.
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return URL(string: "http://\(authority)")!
    }

    /// Stops serving, gracefully, and waits until the server has shut down: it takes no new
    /// connection, its streams of changes end, and what is in flight is answered (what has not
    /// ended two seconds later is cut).
    public func stop() async {
        await services.stop()
    }
}
