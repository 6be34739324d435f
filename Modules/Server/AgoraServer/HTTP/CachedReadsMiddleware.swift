import Hummingbird

/// Serves reads of events and comments from ``ReadCache``, and gives every such read an `ETag`,
/// answering `If-None-Match` with 304.
///
/// It sits in front of the generated routes, so a hit skips decoding, the database and JSON
/// encoding alike; a miss runs them and keeps the bytes they produced, so a cached answer is
/// exactly the one the handler would give. A stranger's answer is shared by every stranger; a
/// member's (whose `isGoing` is their own) is kept under the member's id, found through
/// ``SessionCache``, so a member reads as fast as a stranger. A token that is not a working
/// session's is left to the handler, which refuses or ignores it, and nothing is kept for it.
/// The key holds the path, the query and the `Accept` header, so content negotiation is unchanged.
struct CachedReadsMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache: ReadCache
    let sessions: SessionCache

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get, Self.isCacheable(path: request.uri.path) else {
            return try await next(request, context)
        }
        let generation = try await cache.currentGeneration()
        guard let reader = try await reader(of: request, generation: generation) else {
            return try await next(request, context)
        }
        let key = "\(reader)\n\(request.uri.description)\n\(request.headers[.accept] ?? "")"
        if let entry = try await cache.entry(for: key, generation: generation) {
            return Self.answer(entry.body, etag: entry.etag, contentType: entry.contentType, to: request)
        }
        let response = try await next(request, context)
        guard response.status == .ok else { return response }
        let body = try await BodyCollector.collect(response.body)
        let etag = EntityTag.of(body)
        let contentType = response.headers[.contentType] ?? "application/json; charset=utf-8"
        try await cache.store(ReadCache.Entry(generation: generation, body: body, etag: etag, contentType: contentType), for: key)
        return Self.answer(body, etag: etag, contentType: contentType, to: request)
    }

    /// Whose answer this is: `anonymous`, `user <id>` for a working bearer token, `nil` for any
    /// other credential (the handler decides what it means; nothing is cached for it).
    private func reader(of request: Request, generation: UInt64) async throws -> String? {
        guard let authorization = request.headers[.authorization] else { return "anonymous" }
        guard let token = AuthenticationMiddleware.bearerToken(in: authorization) else { return nil }
        do {
            return "user \(try await sessions.user(token: token, generation: generation).id)"
        } catch let error as APIError where error.status == .unauthorized {
            return nil
        }
    }

    /// `/v1/events`, `/v1/events/{id}` and `/v1/events/{id}/comments`: reads whose answer
    /// depends on the data, the query and (for `isGoing`) the token, nothing else.
    static func isCacheable(path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "v1", parts[2] == "events" else { return false }
        switch parts.count {
        case 3: return true
        case 4: return !parts[3].isEmpty
        case 5: return !parts[3].isEmpty && parts[4] == "comments"
        default: return false
        }
    }

    /// 304 when `If-None-Match` names this answer's tag (or `*`), else 200 with the body.
    static func answer(_ body: ByteBuffer, etag: String, contentType: String, to request: Request) -> Response {
        if let wanted = request.headers[.ifNoneMatch], EntityTag.matches(wanted, etag) {
            return Response(status: .notModified, headers: [.eTag: etag])
        }
        return Response(
            status: .ok, headers: [.contentType: contentType, .eTag: etag], body: ResponseBody(byteBuffer: body)
        )
    }
}

/// Reads a response body into one buffer. The generated routes answer JSON in one buffer, so
/// this copies nothing in practice.
private struct BodyCollector: ResponseBodyWriter {
    /// Where the bytes go; a class, since `finish` consumes the writer.
    final class Sink {
        var buffer = ByteBuffer()
    }

    let sink: Sink

    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let sink = Sink()
        try await body.write(BodyCollector(sink: sink))
        return sink.buffer
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        sink.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
