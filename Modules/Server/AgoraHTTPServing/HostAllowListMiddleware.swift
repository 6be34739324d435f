import Hummingbird
import NIOCore

/// Answers a request whose `Host` is not on a ``HostAllowList`` with 421 Misdirected Request,
/// before any route sees it, so a page that rebinds its own name to this machine gets nothing
/// from it.
///
/// Every refusal is one plain-text line naming what was wrong and what would be right:
///
/// - 421 for a name that is not on the list, and for a `Host` that is not `host[:port]`:
///   `Host 'evil.example' is not served here; expected 127.0.0.1, localhost or a name given
///   with --allowed-host.` The name is the client's own text, so it is cut to 100 characters
///   and only printable ASCII is kept: no line break or escape sequence reaches a log or a
///   terminal through it.
/// - 400 for an HTTP/1.1 request without `Host`, or with an empty one (RFC 9112 §3.2); the
///   server must use ``HTTP1ClosingChannel``, which tells those apart from HTTP/1.0 requests,
///   which need no `Host` and are served (no browser sends one without it).
/// - 400 for a request with more than one `Host`.
/// - A request whose target is in absolute form (`GET http://evil.example/events`) is checked by
///   the target's host, whatever `Host` says (RFC 9112 §3.2.2): ``TargetAuthorityHandler`` made
///   it the `Host` already.
///
/// It is generic over the request context, so agora-server and agora-web share it.
public struct HostAllowListMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The names served.
    public let allowList: HostAllowList
    /// What the refusal says would be right, after "expected".
    public let expected: String

    /// Serves the names on `allowList`; a refusal says it expected `expected`.
    public init(_ allowList: HostAllowList, expected: String = "127.0.0.1, localhost or a name given with --allowed-host") {
        self.allowList = allowList
        self.expected = expected
    }

    public func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Hummingbird reads the first `Host` into the authority; any further one stays a field.
        guard !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
            return Self.refusal(.badRequest, "The request has more than one Host header; expected exactly one.")
        }
        guard let host = request.head.authority else { return try await next(request, context) }
        guard !host.isEmpty else {
            return Self.refusal(.badRequest, "The request has no Host header; HTTP/1.1 requires one, such as Host: 127.0.0.1.")
        }
        guard allowList.admits(hostHeader: host) else {
            return Self.refusal(.misdirectedRequest, "Host '\(Self.printable(host))' is not served here; expected \(expected).")
        }
        return try await next(request, context)
    }

    /// `text` with only printable ASCII kept, cut to 100 characters.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(100)))
    }

    private static func refusal(_ status: HTTPResponse.Status, _ line: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: line + "\n"))
        )
    }
}
