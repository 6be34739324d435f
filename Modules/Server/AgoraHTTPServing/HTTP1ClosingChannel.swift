import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel, told to close a connection after a request that did not ask to
/// keep it open.
///
/// Hummingbird reads requests as version-free HTTP types and closes after a response only when
/// the request said `Connection: close`, so an HTTP/1.0 request without `keep-alive` (closed
/// after its response by default, RFC 9112 §9.3) was answered and then held open until the idle
/// timeout. ``KeepAliveHandler`` sits where the version is still known and says `close` for
/// every request NIO reads as not kept alive.
///
/// The version is also the only way to tell an HTTP/1.1 request without `Host`, which RFC 9112
/// §3.2 says to refuse, from an HTTP/1.0 one, which needs none: ``HostRequiredHandler`` gives
/// the first an empty `Host`, which ``HostAllowListMiddleware`` answers with 400.
///
/// Where the version and the raw headers are known, it also refuses a `Transfer-Encoding` it
/// cannot frame (``TransferEncodingGuardHandler``), closes after any response that says
/// `Connection: close` (``ConnectionCloseResponseHandler``), and, when given them, raises a
/// body's deadline (``BodyDeadlineHandler``) and reports idle connections (``OpenConnections``).
///
/// It builds the pipeline Hummingbird's `HTTP1Channel` builds, with ``EventStreamHandler`` last,
/// and wraps the connection in Hummingbird's channel only once its first request is one
/// Hummingbird answers: a connection that is a stream from the start (``EventStreamRoutes``) is
/// written from the event loop and has no task waiting on it.
public struct HTTP1ClosingChannel: ServerChildChannel {
    /// A connection and what its first request will make of it.
    public struct Value: ServerChildChannelValue {
        /// The connection.
        public let channel: any Channel
        let firstRequest: EventLoopFuture<EventStreamHandler.Use>
    }

    /// The channel that answers requests; this one builds its pipeline and adds handlers to it.
    public let base: HTTP1Channel
    /// The body and idle timeouts ``BodyDeadlineHandler`` enforces; none when `nil`.
    public let bodyDeadline: (body: Duration, idle: Duration)?
    /// Where connections report whether they are idle; nowhere when `nil`.
    public let connections: OpenConnections?
    /// The requests answered with streams written from the event loop.
    public let eventStreams: EventStreamRoutes

    /// Wraps `base`, whose pipeline gets the handlers above.
    public init(
        base: HTTP1Channel, bodyDeadline: (body: Duration, idle: Duration)? = nil, connections: OpenConnections? = nil,
        eventStreams: EventStreamRoutes = .none
    ) {
        self.base = base
        self.bodyDeadline = bodyDeadline
        self.connections = connections
        self.eventStreams = eventStreams
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // NIO keeps a connection's receive buffer for its next read, so its first size is
            // what every idle connection and open stream holds: a request's head is a few
            // hundred bytes, and a larger one grows the next read.
            try channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.receiveBuffers)
            let pipeline = channel.pipeline.syncOperations
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = base.configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = base.configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = base.configuration.httpDecoder.maxHeaderFieldCount
            // As Hummingbird's HTTP1Channel: requests are not pipelined by NIO, errors are
            // answered by the application, and HTTP types validate outbound headers.
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            // In pipeline order after the parser: each sees a request's parts before the next.
            var handlers: [any ChannelHandler] = [
                ConnectionCloseResponseHandler(), TransferEncodingGuardHandler(), KeepAliveHandler(), HostRequiredHandler(), TargetAuthorityHandler(),
            ]
            if let bodyDeadline { handlers.append(BodyDeadlineHandler(bodyTimeout: bodyDeadline.body, idleTimeout: bodyDeadline.idle)) }
            if let connections { handlers.append(ConnectionActivityHandler(connections: connections)) }
            var previous: any ChannelHandler = decoder
            for handler in handlers {
                try pipeline.addHandler(handler, position: .after(previous))
                previous = handler
            }
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(base.configuration.additionalChannelHandlers())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: base.configuration.idleTimeout.map { Duration($0) }, logger: logger))
            let streams = EventStreamHandler(routes: eventStreams, eventLoop: channel.eventLoop)
            try pipeline.addHandler(streams)
            return Value(channel: channel, firstRequest: streams.firstRequest)
        }
    }

    /// Receive buffers that start at 512 bytes rather than NIO's 2 KiB, and grow as NIO's do
    /// when a read fills one.
    static let receiveBuffers = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)

    /// Waits for the connection's first request; when Hummingbird answers it, answers every
    /// request on the connection until it closes.
    public func handle(value: Value, logger: Logger) async {
        guard case .responder(let wrapped) = try? await value.firstRequest.get() else { return }
        await base.handleHTTP(asyncChannel: wrapped, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 as Hummingbird serves it, closing connections that were not asked to stay open
    /// and marking HTTP/1.1 requests without `Host` (``HTTP1ClosingChannel``).
    ///
    /// - Parameters:
    ///   - bodyTimeout: when given, a body not in within it, or pausing for most of the idle
    ///     timeout, raises ``RequestBodyTimedOut`` while the connection is still open.
    ///   - connections: when given, every connection reports there whether it is idle.
    ///   - eventStreams: the requests answered with streams written from the event loop.
    public static func http1Closing(
        configuration: HTTP1Channel.Configuration, bodyTimeout: Duration? = nil, connections: OpenConnections? = nil,
        eventStreams: EventStreamRoutes = .none
    ) -> HTTPServerBuilder {
        let idle = configuration.idleTimeout.map { Duration.nanoseconds($0.nanoseconds) }
        let deadline = bodyTimeout.map { (body: $0, idle: idle ?? $0 * 2) }
        return HTTPServerBuilder { responder in
            HTTP1ClosingChannel(
                base: HTTP1Channel(responder: responder, configuration: configuration), bodyDeadline: deadline, connections: connections,
                eventStreams: eventStreams
            )
        }
    }
}

/// Sets `Connection: close` on a request head that is not kept alive: HTTP/1.0 without
/// `Connection: keep-alive`, or any version whose `Connection` header holds `close` in whatever
/// letter case or list.
///
/// It holds no state, so one instance per channel is all it needs; NIO calls it on that
/// channel's event loop only.
public final class KeepAliveHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart

    /// A handler for one channel.
    public init() {}

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
