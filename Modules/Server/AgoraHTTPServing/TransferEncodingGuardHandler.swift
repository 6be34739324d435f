import NIOCore
import NIOHTTP1

/// Refuses a request whose `Transfer-Encoding` the server cannot read as RFC 9112 frames it,
/// before anything reads its body, with one plain line and a closed connection.
///
/// Only `chunked` alone is supported. The HTTP parser frames a body by the last coding only, so
/// `gzip, chunked` would be read as chunked with the gzip silently ignored, and the handler would
/// see compressed bytes as if they were the body. So:
///
/// - 501 for any coding other than `chunked` (RFC 9112 §6.1: a coding the server does not
///   understand): `Transfer-Encoding 'gzip' is not supported; send the body with
///   Transfer-Encoding: chunked alone, or with Content-Length.`
/// - 400 for `Transfer-Encoding` on an HTTP/1.0 request (RFC 9112 §6.1: its framing cannot be
///   trusted), for `chunked` given twice or with parameters, and for a value that is not a list
///   of tokens.
///
/// Nothing after the refused head is read: the connection closes once the answer is sent, since
/// the body's end cannot be found. It must come after ``ConnectionCloseResponseHandler`` in
/// the pipeline, which closes the connection after the answer's `Connection: close`. It holds the state of one connection; NIO calls it on that
/// channel's event loop only.
public final class TransferEncodingGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart

    /// Whether a request was refused: everything after it is dropped.
    private var refused = false

    /// A handler for one channel.
    public init() {}

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(let head) = unwrapInboundIn(data), let refusal = Self.refusal(for: head) else {
            context.fireChannelRead(data)
            return
        }
        refused = true
        let body = ByteBuffer(string: refusal.line + "\n")
        let headers = HTTPHeaders([
            ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(body.readableBytes)), ("Connection", "close"),
        ])
        context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers))), promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        // `Connection: close` has ``ConnectionCloseResponseHandler``, before this one, close
        // the connection once the client has read the answer.
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
    }

    /// The status and line a request head is refused with, or `nil` when its framing is fine.
    public static func refusal(for head: HTTPRequestHead) -> (status: HTTPResponseStatus, line: String)? {
        let values = head.headers["Transfer-Encoding"]
        guard !values.isEmpty else { return nil }
        guard (head.version.major, head.version.minor) >= (1, 1) else {
            return (.badRequest, "Transfer-Encoding is not allowed on an HTTP/1.0 request; send the body with Content-Length.")
        }
        guard let codings = TransferCodings.names(in: values) else {
            return (.badRequest, "Transfer-Encoding is not a list of transfer codings; send Transfer-Encoding: chunked.")
        }
        if let unsupported = codings.first(where: { $0.name != "chunked" }) {
            return (
                .notImplemented,
                "Transfer-Encoding '\(unsupported.name)' is not supported; send the body with Transfer-Encoding: chunked alone, or with Content-Length."
            )
        }
        guard codings.count == 1, !codings[0].hasParameters else {
            return (.badRequest, "Transfer-Encoding gives chunked more than once or with parameters; send Transfer-Encoding: chunked.")
        }
        return nil
    }
}
