import AgoraWebUI
import Hummingbird

/// Turns requests into a session's replies: finds the session by its cookie (or starts one for a
/// page), refuses a post without the session's form token, and writes the reply as a response.
struct WebRequestHandler: Sendable {
    /// The session cookie's name.
    static let cookieName = "agora_session"
    /// The largest form body read; a comment is at most a few kilobytes.
    static let maximumBodyBytes = 64 * 1024

    let sessions: WebSessions

    /// `GET <page>`: in the request's session, or a new one (whose cookie the response sets).
    @MainActor
    func page(_ request: Request) async -> Response {
        let path = request.uri.path
        if let session = sessions.session(id: request.cookies[Self.cookieName]?.value) {
            return response(await session.get(path))
        }
        let session: WebSession
        do {
            session = try sessions.makeSession()
        } catch {
            return response(.refusal(500, error.description))
        }
        var answer = response(await session.get(path))
        answer.setCookie(Self.cookie(for: session))
        return answer
    }

    /// `POST <path>`: refused with 403 unless the form carries the session's token.
    @MainActor
    func post(_ request: Request) async -> Response {
        var request = request
        let body: String
        do {
            body = String(buffer: try await request.collectBody(upTo: Self.maximumBodyBytes))
        } catch {
            return response(.refusal(413, "The form is larger than \(Self.maximumBodyBytes / 1024) KiB; send a shorter text."))
        }
        let fields = FormFields.parse(body)
        guard let session = sessions.session(id: request.cookies[Self.cookieName]?.value) else {
            return response(.refusal(403, "No session: open a page first (GET /events), then send its form; the form's csrf token belongs to a session."))
        }
        guard let token = fields["csrf"], SessionToken.matches(token, session.csrfToken) else {
            return response(.refusal(403, "Refused: the form's csrf field is missing or not this session's token; reload the page and send its form again."))
        }
        let path = request.uri.path
        if path == "/_explorer" {
            session.explorer.toggle()
            return response(.redirect(to: LocalPath.checked(fields["from"])))
        }
        let segments = path.split(separator: "/")
        if segments.count == 1, let reply = await session.postPart(String(segments[0]), from: fields["from"] ?? "/events") {
            return response(reply)
        }
        return response(await session.post(path, fields: fields))
    }

    /// `GET /_live?path=<page>`: `event: changed` each time the outputs of the page at `path`
    /// change after the stream opened, for as long as the browser listens; 204 (do not reconnect) when the session does
    /// not show that page.
    @MainActor
    func live(_ request: Request) async -> Response {
        guard let session = sessions.session(id: request.cookies[Self.cookieName]?.value),
            let path = request.uri.queryParameters["path"].map(String.init),
            let route = WebPath.route(path), let presentation = session.presentation(for: route),
            let screen = session.screen(of: presentation.viewModel)
        else { return Response(status: .noContent) }
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(2))
        // The route's own path, not the query's text: a field of the stream is never what a
        // request wrote.
        let changed = ByteBuffer(string: "event: changed\ndata: \(WebPath.of(route))\n\n")
        let gate = LiveChangeGate()
        let number = session.openLiveStream(
            screen.observeChanges {
                if gate.isOpen { continuation.yield(changed) }
            })
        gate.open()
        continuation.yield(ByteBuffer(string: ": following \(WebPath.of(route))\n\n"))
        continuation.onTermination = { _ in
            Task { @MainActor in session.liveStreams[number] = nil }
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody(asyncSequence: stream))
    }

    private func response(_ reply: WebReply) -> Response {
        var headers: HTTPFields = [
            .contentType: reply.contentType, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff",
            .init("X-Frame-Options")!: "DENY", .init("Referrer-Policy")!: "same-origin",
            .init("Content-Security-Policy")!: PageAssets.contentSecurityPolicy,
        ]
        if let location = reply.location { headers[.location] = location }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: reply.body.map { ResponseBody(byteBuffer: ByteBuffer(string: $0)) } ?? ResponseBody())
    }

    /// One of the app's own files (``PageAssets``): the same for every session, so a browser may
    /// keep it, asking again whether it changed (`no-cache`) so a new build's is used at once.
    static func asset(_ text: StaticString, contentType: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "no-cache", .init("X-Content-Type-Options")!: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "\(text)")))
    }

    /// `agora_session=<id>; Path=/; HttpOnly; SameSite=Lax`: never read by a script, never sent
    /// with another site's post.
    static func cookie(for session: WebSession) -> Cookie {
        Cookie(name: cookieName, value: session.id, path: "/", httpOnly: true, sameSite: .lax)
    }
}
