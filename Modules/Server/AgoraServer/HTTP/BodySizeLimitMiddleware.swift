import Hummingbird

/// Refuses request bodies over a size with 413 before they are read in full.
///
/// A declared `Content-Length` over the limit is refused at once, without reading a byte of the
/// body. A body of unknown length (chunked) is counted as the handler reads it, and reading stops
/// with the same refusal at the first chunk that crosses the limit. Either way Hummingbird
/// discards the unread rest after the response, so the connection stays usable.
struct BodySizeLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBytes {
            throw APIError.tooLarge(limit: maxBytes)
        }
        var request = request
        request.body = RequestBody(asyncSequence: SizeLimitedBody(base: request.body, maxBytes: maxBytes))
        return try await next(request, context)
    }
}

/// A request body that throws ``APIError/tooLarge(limit:)`` once more than `maxBytes` arrived.
struct SizeLimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let base: RequestBody
    let maxBytes: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let maxBytes: Int
        var received = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            received += chunk.readableBytes
            guard received <= maxBytes else { throw APIError.tooLarge(limit: maxBytes) }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), maxBytes: maxBytes)
    }
}
