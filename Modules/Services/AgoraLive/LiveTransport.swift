import AgoraAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The live client's HTTP transport: libcurl's easy interface, held to what a client of an
/// untrusted server needs.
///
/// URLSession on Linux asks for compressed replies and decodes them in full before a delegate
/// can stop one, so a megabyte of gzip could fill a gigabyte of memory; it also follows
/// redirects unless told otherwise and has no deadline for a whole exchange. This transport:
/// - never follows a redirect: the 3xx itself is the answer (which ``LiveService`` turns into
///   ``ServiceError/redirected(status:origin:)``), so neither the bearer token nor a request's
///   body ever reaches an origin other than the configured server;
/// - gives each request one deadline for its headers and body together, and fails with
///   ``ServiceError/timeout`` when it passes, however slowly the server keeps sending: the
///   deadline, or a cancelled task, shuts the connection down at once;
/// - never asks for or decodes a content coding: a compressed reply is refused from its head,
///   and a reply larger than ``maxReplyBytes`` is refused as soon as it is announced or has
///   arrived, so the bytes it counts are the bytes it holds, and it never holds more.
///
/// Each request runs on a thread of its own (libcurl's easy interface blocks); up to
/// `idleConnections` idle handles keep their connections for the next requests. One transport
/// may serve many services at once (agora-web's sessions): the connections it holds are bounded
/// by it, not by how many services use it.
public final class LiveTransport: ClientTransport, Sendable {
    /// The largest reply body read by default, several times agora-server's largest answer: a
    /// page of 100 comments of 2,000 characters, each up to 4 bytes, is under 1 MiB.
    public static let defaultMaxReplyBytes = 4 * 1024 * 1024

    /// How long one request may take, from sending it to the last byte of its reply.
    public let timeout: Duration
    /// The largest reply body accepted, in bytes.
    public let maxReplyBytes: Int

    private let handles: CurlHandles

    /// - Parameters:
    ///   - timeout: the deadline of each request, headers and body together.
    ///   - maxReplyBytes: the largest reply body accepted; a larger one is refused as soon as
    ///     it is announced or has arrived.
    ///   - idleConnections: how many connections are kept open between requests; 4 serve a
    ///     screen, which sends a request or two at a time.
    public init(timeout: Duration = .seconds(10), maxReplyBytes: Int = LiveTransport.defaultMaxReplyBytes, idleConnections: Int = 4) {
        self.timeout = timeout
        self.maxReplyBytes = maxReplyBytes
        handles = CurlHandles(capacity: max(0, idleConnections))
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // The body is one the generated client encoded from the app's own values (a comment,
        // an RSVP, credentials); the server limits its size.
        let bytes: [UInt8]? = if let body { try await [UInt8](collecting: body, upTo: .max) } else { nil }
        let transfer = CurlTransfer(
            url: try Self.url(of: request, on: baseURL), method: request.method.rawValue,
            headerLines: Self.headerLines(of: request), body: bytes, timeout: timeout, maxReplyBytes: maxReplyBytes
        )
        let handles = handles
        let reply = try await CurlExchange.run(timeout: timeout) { exchange in
            guard let handle = handles.take() else { return .failure(ServiceError.offline) }
            // The deadline came before this thread ran: nothing is sent.
            guard !exchange.isEnded else {
                handles.giveBack(handle)
                return .failure(ServiceError.timeout)
            }
            exchange.use(handle.sockets)
            let result = transfer.perform(on: handle, for: exchange)
            exchange.use(nil)
            handles.giveBack(handle)
            return result
        }
        return (reply.response, HTTPBody(reply.body))
    }

    /// `request`'s path and query appended to the base's path, as the generated client means them.
    static func url(of request: HTTPRequest, on baseURL: URL) throws -> String {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let target = URLComponents(string: request.path ?? "")
        else { throw ServiceError.undecodable("a request path that is not a URL") }
        components.percentEncodedPath += target.percentEncodedPath
        components.percentEncodedQuery = target.percentEncodedQuery
        guard let url = components.url else { throw ServiceError.undecodable("a request path that is not a URL") }
        return url.absoluteString
    }

    /// One `Name: value` line per header name, fields of one name joined, in the order given.
    static func headerLines(of request: HTTPRequest) -> [String] {
        var names: [HTTPField.Name] = []
        var values: [HTTPField.Name: String] = [:]
        for field in request.headerFields {
            let separator = field.name == .cookie ? "; " : ", "
            if let value = values[field.name] {
                values[field.name] = value + separator + field.value
            } else {
                names.append(field.name)
                values[field.name] = field.value
            }
        }
        // libcurl reads `Name:` as "send no such header"; `Name;` is how it sends an empty one.
        return names.map { name in values[name].flatMap { $0.isEmpty ? nil : "\(name.rawName): \($0)" } ?? "\(name.rawName);" }
    }
}
