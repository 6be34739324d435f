import AgoraAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live client's HTTP transport: URLSession, held to what a client of an untrusted server
/// needs.
///
/// swift-openapi-urlsession's transport only buffers on Linux: it follows redirects, keeps a
/// reply of any size in memory and has no deadline for the whole exchange, so a hostile or
/// broken server could take the session token elsewhere, exhaust memory or hold a screen
/// forever. This transport:
/// - never follows a redirect: the 3xx itself is the answer (which ``LiveService`` turns into
///   ``ServiceError/redirected(status:origin:)``), so neither the bearer token nor a request's
///   body ever reaches an origin other than the configured server: agora-server never
///   redirects, and refusing every redirect is simpler and safer than judging which are safe;
/// - gives each request one deadline for its headers and body together, and fails with
///   ``ServiceError/timeout`` when it passes, however slowly the server keeps sending;
/// - stops reading a reply once it is larger than ``maxReplyBytes`` and fails with
///   ``ServiceError/undecodable(_:)``, so it never holds more than that in memory.
///
/// One URLSession per transport, whose delegate keeps each request's state (`LiveTransfers`).
public final class LiveTransport: ClientTransport, Sendable {
    /// The largest reply body read by default, several times agora-server's largest answer: a
    /// page of 100 comments of 2,000 characters, each up to 4 bytes, is under 1 MiB.
    public static let defaultMaxReplyBytes = 4 * 1024 * 1024

    /// How long one request may take, from sending it to the last byte of its reply.
    public let timeout: Duration
    /// The largest reply body accepted, in bytes.
    public let maxReplyBytes: Int

    private let session: URLSession
    private let transfers: LiveTransfers

    /// - Parameters:
    ///   - timeout: the deadline of each request, headers and body together.
    ///   - maxReplyBytes: the largest reply body accepted; a larger one is refused as soon as
    ///     it is announced or has arrived.
    public init(timeout: Duration = .seconds(10), maxReplyBytes: Int = LiveTransport.defaultMaxReplyBytes) {
        self.timeout = timeout
        self.maxReplyBytes = maxReplyBytes
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession's own limits stay as a second line, set later than the deadline above so
        // that deadline always ends the request: it cancels the task, which closes the
        // connection, where URLSession's own timeout may leave it to libcurl. (The request
        // interval also restarts with every byte, so it never holds against a trickle.)
        configuration.timeoutIntervalForRequest = timeout.timeInterval * 2 + 1
        configuration.timeoutIntervalForResource = timeout.timeInterval * 2 + 1
        // No response cache: the service keeps the few answers it revalidates itself
        // (`RememberedAnswers`, by ETag); an ephemeral session's in-memory cache kept a copy of
        // every page read besides, up to megabytes of a long thread (issue 19).
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        transfers = LiveTransfers()
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate until invalidated; no request can be running here, as each
        // holds the transport until it ends.
        session.finishTasksAndInvalidate()
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var urlRequest = try URLRequest(request, baseURL: baseURL)
        if let body {
            // The body is one the generated client encoded from the app's own values (a comment,
            // an RSVP, credentials); the server limits its size.
            urlRequest.httpBody = try await Data(collecting: body, upTo: .max)
        }
        let reply = try await transfers.reply(
            to: session.dataTask(with: urlRequest), timeout: timeout, maxBytes: maxReplyBytes
        )
        return (try HTTPResponse(reply.head), HTTPBody(reply.body))
    }
}

extension Duration {
    /// The duration in seconds, as Foundation and Dispatch take it.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
