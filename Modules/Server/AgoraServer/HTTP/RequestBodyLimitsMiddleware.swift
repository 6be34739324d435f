import AgoraHTTPServing
import Hummingbird

/// Refuses a request body that is too large (413) or too slow (408), before it is read in full.
///
/// A declared `Content-Length` over the limit is refused at once, without reading a byte of the
/// body. A body of unknown length (chunked) is counted as the handler reads it, and reading stops
/// with the same refusal at the first chunk that crosses the limit. A body still arriving
/// `timeout` after its head is refused with 408 at the next chunk: a peer trickling one byte a
/// second cannot hold a request open for long. A body that stops altogether is refused with 408
/// too, when the channel's `BodyDeadlineHandler` raises `RequestBodyTimedOut`, before the idle
/// timeout would close the connection without an answer. Either way the answer says
/// `Connection: close` and the connection closes after it.
struct RequestBodyLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int
    let timeout: Duration

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBytes {
            throw APIError.tooLarge(limit: maxBytes)
        }
        var request = request
        request.body = RequestBody(
            asyncSequence: LimitedBody(
                base: request.body, maxBytes: maxBytes, deadline: .now + timeout, timeout: timeout
            ))
        return try await next(request, context)
    }
}

/// A request body that throws ``APIError/tooLarge(limit:)`` once more than `maxBytes` arrived,
/// and ``APIError/bodyTimeout(_:)`` for a chunk that arrives after `deadline`.
struct LimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let base: RequestBody
    let maxBytes: Int
    let deadline: ContinuousClock.Instant
    let timeout: Duration

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let limits: LimitedBody
        var received = 0

        /// `@concurrent`, as Hummingbird's iterator's `next()` is: the base iterator is not
        /// `Sendable`, so it is awaited from the same nonisolated context it is read in.
        @concurrent
        mutating func next() async throws -> ByteBuffer? {
            let chunk: ByteBuffer?
            do {
                chunk = try await base.next()
            } catch let timeout as RequestBodyTimedOut {
                throw timeout.stalled ? APIError.bodyStalled(timeout.waited) : APIError.bodyTimeout(timeout.waited)
            }
            guard let chunk else { return nil }
            received += chunk.readableBytes
            guard received <= limits.maxBytes else { throw APIError.tooLarge(limit: limits.maxBytes) }
            guard ContinuousClock.now <= limits.deadline else { throw APIError.bodyTimeout(limits.timeout) }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limits: self)
    }
}
