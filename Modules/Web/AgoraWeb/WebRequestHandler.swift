import AgoraHTTPServing
import AgoraWebUI
import Hummingbird

/// Turns requests into a session's replies: finds the session by its cookie (or starts one for a
/// page), refuses a post without the session's form token, and writes the reply as a response.
struct WebRequestHandler: Sendable {
    /// The session cookie's name.
    static let cookieName = "agora_session"
    /// The device cookie's name: the id agora-server issued at a login, kept for a year, so a
    /// browser that logged in to an account before is known to agora-server
    /// (``RequestOrigin/deviceID``); only ids it issued count there.
    static let deviceCookieName = "agora_device"
    /// The largest form body read; a comment is at most a few kilobytes.
    static let maximumBodyBytes = 64 * 1024

    let sessions: WebSessions
    /// How often a quiet live stream writes a comment, which finds a reader that went away.
    let heartbeat: Duration
    /// How long a form's body may take to arrive after its head.
    let bodyTimeout: Duration
    /// The proxies whose forwarding headers name the visitor.
    let trustedProxies: TrustedProxies

    /// `GET <page>`: in the request's session, or a new one (whose cookie the response sets).
    @MainActor
    func page(_ request: Request, context: PeerRequestContext) async -> Response {
        let path = request.uri.path
        let session: WebSession
        let isNew: Bool
        do {
            if let known = try await sessions.session(id: request.cookies[Self.cookieName]?.value) {
                (session, isNew) = (known, false)
            } else {
                (session, isNew) = (try await sessions.makeSession(for: visitorAddress(of: request, context: context)), true)
            }
        } catch {
            return await response(.refusal(error.status, error.description))
        }
        return await respond(in: session, to: request, context: context, isNew: isNew) { await session.get(path) }
    }

    /// `POST <path>`: refused with 403 unless the form carries the session's token.
    @MainActor
    func post(_ request: Request, context: PeerRequestContext) async -> Response {
        let body: String
        switch await FormBody.read(request.body, upTo: Self.maximumBodyBytes, within: bodyTimeout) {
        case .success(let text): body = text
        case .failure(.tooLarge):
            return await response(.refusal(413, "The form is larger than \(Self.maximumBodyBytes / 1024) KiB; send a shorter text."))
        case .failure(.unreadable):
            return await response(.refusal(400, "The form could not be read to its end; send it again."), closing: true)
        case .failure(.tooSlow):
            return await response(.refusal(408, "The form took longer than \(bodyTimeout) to arrive; send it again."), closing: true)
        }
        let fields = FormFields.parse(body)
        let known: WebSession?
        do {
            known = try await sessions.session(id: request.cookies[Self.cookieName]?.value)
        } catch {
            return await response(.refusal(error.status, error.description))
        }
        // A form of a session that ended (the page stayed open past it), or without this
        // session's token, is not acted on: the visitor gets a page that says so and gives back
        // what they typed, in a session of their own.
        guard let session = known, let token = fields["csrf"], SessionToken.matches(token, session.csrfToken) else {
            let current: WebSession
            if let known {
                current = known
            } else {
                do {
                    current = try await sessions.makeSession(for: visitorAddress(of: request, context: context))
                } catch {
                    return await response(.refusal(error.status, error.description))
                }
            }
            let path = request.uri.path
            let page = PageLayout.formNotSent(
                fields: fields, sessionEnded: known == nil, back: current.page(ofForm: path, fields: fields), path: path, session: current)
            return await respond(in: current, to: request, context: context, isNew: known == nil) { .page(page, status: 403) }
        }
        session.record.hasActed = true
        let path = request.uri.path
        if path == "/_explorer" {
            session.explorer.toggle()
            session.record.isExplorerOpen = session.explorer.isOn
            do {
                try await sessions.save(session)
            } catch {
                return await response(.refusal(error.status, error.description))
            }
            return await response(.redirect(to: LocalPath.checked(fields["from"])))
        }
        return await respond(in: session, to: request, context: context) {
            switch path {
            case "/_explorer/send": return await session.sendInput(fields: fields)
            case "/_explorer/resolve": return session.resolveInExplorer(fields: fields)
            default: break
            }
            let segments = path.split(separator: "/")
            if segments.count == 1, let reply = await session.postPart(String(segments[0]), from: fields["from"] ?? "/events") {
                return reply
            }
            return await session.post(path, fields: fields)
        }
    }

    /// `GET /_live?path=<page>`: `event: changed` each time the outputs of the page at `path`
    /// change after the stream opened, and a comment every ``heartbeat``, for as long as the
    /// browser listens (``LiveStream``); 204 (do not reconnect) when the session does not show
    /// that page.
    @MainActor
    func live(_ request: Request) async -> Response {
        guard let session = try? await sessions.session(id: request.cookies[Self.cookieName]?.value),
            let path = request.uri.queryParameters["path"].map(String.init),
            let route = WebPath.route(path), let presentation = session.presentation(for: route),
            let screen = session.screen(of: presentation.viewModel)
        else { return Response(status: .noContent) }
        let stream = LiveStream()
        stream.follow(screen.observeChanges)
        sessions.keep(stream, in: session)
        // The route's own path, not the query's text: a field of the stream is never what a
        // request wrote.
        let page = WebPath.of(route)
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: stream.body(opening: ": following \(page)\n\n", changed: "event: changed\ndata: \(page)\n\n", heartbeat: heartbeat))
    }

    /// Answers with what `work` replies in `session`, and with the session's cookie when it is
    /// new or `work` logged someone in or out: then the session gets a new id, and the one the
    /// request came with opens nothing any more (no session fixation).
    ///
    /// What the session asks of agora-server in live mode is on behalf of the request's visitor
    /// and device; a login sets the device cookie, so the next login from this browser is known.
    /// The session's requests are answered one at a time, rendered page included
    /// (``RequestQueue``).
    @MainActor
    private func respond(
        in session: WebSession, to request: Request, context: PeerRequestContext, isNew: Bool = false, _ work: () async -> WebReply
    ) async -> Response {
        session.requestsInFlight += 1
        defer { session.requestsInFlight -= 1 }
        return await session.requests.answer {
            await answer(in: session, to: request, context: context, isNew: isNew, work)
        }
    }

    @MainActor
    private func answer(
        in session: WebSession, to request: Request, context: PeerRequestContext, isNew: Bool, _ work: () async -> WebReply
    ) async -> Response {
        let origin = session.application.configuration.requestOrigin
        origin.forwardedAddress = visitorAddress(of: request, context: context)
        if let device = request.cookies[Self.deviceCookieName]?.value, SessionToken.isDeviceID(device) { session.record.deviceID = device }
        origin.deviceID = session.record.deviceID
        let before = session.identity
        let reply = await work()
        // A login agora-server answered issued the device's id: the cookie keeps it.
        session.record.deviceID = origin.deviceID
        session.keepPages()
        let changedHands = session.identity != before
        do {
            if changedHands { try await sessions.reissueID(of: session) }
            try await sessions.save(session)
        } catch {
            // What the request did is done, but no process could serve this session from here on
            // as it now is: the visitor is told rather than shown a page the next one would deny.
            return await response(.refusal(error.status, error.description))
        }
        var answer = await response(reply)
        if isNew || changedHands { answer.setCookie(Self.cookie(for: session)) }
        if changedHands, session.identity != nil, let device = origin.deviceID {
            answer.setCookie(Cookie(name: Self.deviceCookieName, value: device, maxAge: 365 * 24 * 3600, path: "/", httpOnly: true, sameSite: .lax))
        }
        return answer
    }

    /// The visitor's address (without the port: one browser opens many connections), as
    /// sessions are counted by it and agora-server is told it.
    private func visitorAddress(of request: Request, context: PeerRequestContext) -> String {
        context.clientAddress(of: request, trusting: trustedProxies)?.description ?? "unknown"
    }

    private func response(_ reply: WebReply, closing: Bool = false) async -> Response {
        var headers: HTTPFields = [
            .contentType: reply.contentType, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff",
            .init("X-Frame-Options")!: "DENY", .init("Referrer-Policy")!: "same-origin",
            .init("Content-Security-Policy")!: PageAssets.contentSecurityPolicy,
        ]
        if let location = reply.location { headers[.location] = location }
        if closing { headers[.connection] = "close" }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: await reply.renderedBody().map { ResponseBody(byteBuffer: ByteBuffer(string: $0)) } ?? ResponseBody())
    }

    /// `agora_session=<id>; Path=/; HttpOnly; SameSite=Lax`: never read by a script, never sent
    /// with another site's post.
    @MainActor
    static func cookie(for session: WebSession) -> Cookie {
        Cookie(name: cookieName, value: session.id, path: "/", httpOnly: true, sameSite: .lax)
    }
}
