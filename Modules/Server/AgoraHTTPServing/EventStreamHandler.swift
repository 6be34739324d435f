import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Answers the requests ``EventStreamRoutes`` picks with a stream written from the event loop,
/// and hands every other request to Hummingbird's responder.
///
/// It sits last in a connection's pipeline, where requests are HTTP types. Until the first
/// request's head arrives nothing runs for the connection. A head the routes pick is answered
/// here: its response is found in a task that ends once it is found, and the stream is then
/// written through ``EventStreamWriter``, so a connection that is a stream from its first
/// request never gets a task of its own (``HTTP1ClosingChannel`` waits for ``firstRequest``).
/// For any other first request, Hummingbird's channel is put after this handler there and then,
/// and the request, with everything after it, passes on to it; the connection's task, which
/// waited for ``firstRequest``, answers it from that channel.
///
/// On a connection Hummingbird already answers, a stream's head is taken here only between
/// requests, so a stream never interleaves with a response still being written; otherwise
/// Hummingbird answers it too. A stream's connection is the stream's: what its client sends
/// after the request is read (so its leaving is seen) and dropped, and the connection closes
/// when the stream ends. NIO calls the handler on its channel's event loop only.
final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a connection's first request made of it.
    enum Use: Sendable {
        /// Hummingbird answers it, through this channel, now after the handler.
        case responder(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        /// A stream took it; it needs nothing more.
        case stream
        /// It closed before a request came.
        case closed
    }

    private enum State {
        case awaitingFirstHead
        /// Requests go to Hummingbird; `unanswered` of them have had no response's end yet.
        case forwarding(unanswered: Int)
        case streaming(EventStreamWriter)
    }

    private let routes: EventStreamRoutes
    private var state = State.awaitingFirstHead
    private var context: ChannelHandlerContext?
    private let firstRequestPromise: EventLoopPromise<Use>
    private var isFirstRequestSettled = false

    /// What the connection's first request made of it, once it came.
    var firstRequest: EventLoopFuture<Use> { firstRequestPromise.futureResult }

    /// A handler for one connection of `eventLoop`.
    init(routes: EventStreamRoutes, eventLoop: any EventLoop) {
        self.routes = routes
        firstRequestPromise = eventLoop.makePromise(of: Use.self)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Called when the connection closes, as every handler is removed then: Hummingbird's
    /// state handler before this one does not pass on that the channel became inactive.
    func handlerRemoved(context: ChannelHandlerContext) {
        settleFirstRequest(.closed)
        if case .streaming(let writer) = state { writer.connectionClosed() }
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .awaitingFirstHead:
            if case .head(let head) = part, routes.matches(head) {
                startStream(head, context: context)
                settleFirstRequest(.stream)
            } else {
                handOverToResponder(context: context)
                channelRead(context: context, data: data)
            }
        case .forwarding(let unanswered):
            if case .head(let head) = part {
                if unanswered == 0, routes.matches(head) {
                    startStream(head, context: context)
                    return
                }
                state = .forwarding(unanswered: unanswered + 1)
            }
            context.fireChannelRead(data)
        case .streaming:
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .forwarding(let unanswered) = state, case .end = unwrapOutboundIn(data) {
            state = .forwarding(unanswered: max(0, unanswered - 1))
        }
        context.write(data, promise: promise)
    }

    /// The server allows a half-closed connection (Hummingbird's choice), so a stream's client
    /// that goes is seen as the end of its input: nothing more will be read, and the stream ends
    /// now rather than at its next write.
    ///
    /// Before any request, the client that ends its input will send none: the connection closes.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        switch state {
        case .awaitingFirstHead, .streaming:
            context.close(promise: nil)
        case .forwarding:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if case .streaming(let writer) = state { writer.writabilityChanged() }
        context.fireChannelWritabilityChanged()
    }

    /// A first request that cannot be parsed goes to Hummingbird like any, which answers it as
    /// it does any such (400, then close).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .awaitingFirstHead:
            handOverToResponder(context: context)
            context.fireErrorCaught(error)
        case .forwarding:
            context.fireErrorCaught(error)
        case .streaming:
            context.close(promise: nil)
        }
    }

    /// Puts Hummingbird's channel after this handler, on the event loop, so that the first
    /// request, and everything after it, reaches it with no wait between.
    private func handOverToResponder(context: ChannelHandlerContext) {
        state = .forwarding(unanswered: 0)
        do {
            let wrapped = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: context.channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            settleFirstRequest(.responder(wrapped))
        } catch {
            settleFirstRequest(.closed)
            context.close(promise: nil)
        }
    }

    private func settleFirstRequest(_ use: Use) {
        guard !isFirstRequestSettled else { return }
        isFirstRequestSettled = true
        firstRequestPromise.succeed(use)
    }

    /// Finds the response to `head` in a task of its own, then writes it from here.
    private func startStream(_ head: HTTPRequest, context: ChannelHandlerContext) {
        let writer = EventStreamWriter(eventLoop: context.eventLoop, maximumPendingWrites: routes.maximumPendingWrites)
        state = .streaming(writer)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let (respond, channel) = (routes.respond, context.channel)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        Task {
            let response = await EventStreamWriter.$current.withValue(writer) { await respond(request, channel) }
            let body = writer.isClaimed ? [] : await BodyCollector.buffers(of: response.body)
            channel.eventLoop.execute { handler.value.answer(response, body: body, writer: writer) }
        }
    }

    /// Writes `response`'s head, then the stream when its handler took `writer`, else `body`;
    /// the connection closes once either has ended.
    private func answer(_ response: Response, body: [ByteBuffer], writer: EventStreamWriter) {
        guard let context, context.channel.isActive else { return }
        var head = response.head
        head.headerFields[.date] = Self.date()
        guard !writer.isClaimed else {
            // The body the handler returned is not the stream's, nor is its length. The writer
            // closes the connection once the stream's end is out; `Connection: close` would
            // have it closed as soon as that end is handed over, before a slow client has it.
            head.headerFields[.contentLength] = nil
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            writer.start(context: context)
            return
        }
        // A connection that is the stream's closes after a refusal, which says so.
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        for buffer in body { context.write(wrapOutboundOut(.body(buffer)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Now as HTTP writes dates (RFC 9110 §5.6.7), as Hummingbird dates every other response.
    private static func date() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Collects a response's body, for one that is not a stream (a refusal).
private struct BodyCollector: ResponseBodyWriter {
    /// Where the buffers go; one task uses it.
    final class Buffers {
        var all: [ByteBuffer] = []
    }

    let buffers: Buffers

    mutating func write(_ buffer: ByteBuffer) async throws {
        buffers.all.append(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// `body`'s buffers; what was written before a failure, when writing it fails.
    static func buffers(of body: ResponseBody) async -> [ByteBuffer] {
        let buffers = Buffers()
        try? await body.write(BodyCollector(buffers: buffers))
        return buffers.all
    }
}
