import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import Testing

/// Every way a request can fail becomes the ``ServiceError`` a screen already explains.
@Suite("Live service: failures become domain errors")
struct LiveServiceErrorTests {
    let baseURL = URL(string: "http://127.0.0.1:9")!
    let token = AccessToken("token-1")

    func service(_ transport: ScriptedTransport) -> LiveService {
        LiveService(baseURL: baseURL, transport: transport)
    }

    @Test("given a server that cannot be reached or a connection closed before any answer, when fetching events, then offline")
    func unreachable() async {
        // badServerResponse: Foundation on Linux for a connection closed without a byte of answer.
        for code: URLError.Code in [.cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .badServerResponse] {
            await #expect(throws: ServiceError.offline) {
                try await service(ScriptedTransport(failing: code)).fetchEvents(EventsRequest())
            }
        }
    }

    @Test("given a server that does not answer in time, then timeout")
    func timedOut() async {
        await #expect(throws: ServiceError.timeout) {
            try await service(ScriptedTransport(failing: .timedOut)).fetchEvents(EventsRequest())
        }
    }

    @Test("given a 401 on a request with a token, then unauthorized: the session has expired")
    func expiredToken() async {
        let transport = ScriptedTransport(status: 401, json: #"{"code":"unauthorized","message":"The token has expired."}"#)
        await #expect(throws: ServiceError.unauthorized) {
            try await service(transport).fetchActivities(ActivitiesRequest(), token: token)
        }
    }

    @Test("given a 401 to a login, then wrong credentials or wrong code, by the error's code")
    func loginRefusals() async {
        let credentials = ScriptedTransport(status: 401, json: #"{"code":"invalid_credentials","message":"Wrong email or password."}"#)
        await #expect(throws: ServiceError.invalidCredentials) {
            try await service(credentials).login(LoginCredentials(email: "a@b.c", password: "x"))
        }
        let code = ScriptedTransport(status: 401, json: #"{"code":"invalid_two_factor_code","message":"Wrong code."}"#)
        await #expect(throws: ServiceError.invalidTwoFactorCode) {
            try await service(code).verifyTwoFactor("challenge", code: "000000")
        }
    }

    @Test("given a 400 naming a field, then invalidInput with that field and the reason")
    func validation() async {
        let transport = ScriptedTransport(
            status: 400, json: #"{"code":"invalid_field","message":"A comment needs some text.","field":"body"}"#
        )
        await #expect(throws: ServiceError.invalidInput(field: "body", reason: "a comment needs some text")) {
            try await service(transport).postComment(CommentDraft(eventID: 1, body: " "), token: token)
        }
    }

    @Test("given a 400 whose message and field hold line breaks, control characters or pages of text, then the error quotes them as one short printable line")
    func serverTextIsOneLine() async {
        // Found by Scripts/fuzz (Tools/Fuzz/Regressions/live-response/control-character-in-message).
        let hostile = ScriptedTransport(
            status: 400,
            json: #"{"code":"invalid_field","message":"Too\n\u001b[2Jlong;\r\n\u0000 really.","field":"bo\u0007dy\n"}"#
        )
        await #expect(throws: ServiceError.invalidInput(field: "bo dy", reason: "too [2Jlong; really")) {
            try await service(hostile).postComment(CommentDraft(eventID: 1, body: "x"), token: token)
        }
        let long = ScriptedTransport(
            status: 400, json: #"{"code":"invalid_field","message":"\#(String(repeating: "very ", count: 2_000))long.","field":"body"}"#
        )
        let error = await #expect(throws: ServiceError.self) {
            try await service(long).postComment(CommentDraft(eventID: 1, body: "x"), token: token)
        }
        guard case .invalidInput(_, let reason) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(reason.count == 200)
        #expect(reason.hasPrefix("very very"))
        #expect(reason.hasSuffix("…"))
    }

    @Test("given a 5xx the contract does not list, then server(status): worth a retry")
    func serverFailure() async {
        for status in [500, 502, 503] {
            let transport = ScriptedTransport(status: status, json: #"{"code":"internal","message":"Something failed."}"#)
            await #expect(throws: ServiceError.server(status: status)) {
                try await service(transport).fetchComments(CommentsRequest(eventID: 1))
            }
        }
    }

    @Test("given a 403 and a 404 on delete, then forbidden and notFound naming the comment")
    func deleteRefusals() async {
        let forbidden = ScriptedTransport(status: 403, json: #"{"code":"forbidden","message":"Not yours."}"#)
        await #expect(throws: ServiceError.forbidden("delete another member's comment")) {
            try await service(forbidden).deleteComment(id: 7, token: token)
        }
        let missing = ScriptedTransport(status: 404, json: #"{"code":"not_found","message":"No comment 7."}"#)
        await #expect(throws: ServiceError.notFound("comment 7")) {
            try await service(missing).deleteComment(id: 7, token: token)
        }
    }

    @Test("given a body that does not decode, then undecodable naming what was wrong")
    func undecodableBodies() async {
        let missingField = ScriptedTransport(status: 200, json: #"{"nextCursor":"x"}"#)
        await #expect(throws: ServiceError.undecodable("missing items")) {
            try await service(missingField).fetchEvents(EventsRequest())
        }
        let notJSON = ScriptedTransport(status: 200, json: "<html>proxy error</html>")
        let html = ScriptedTransport(status: 200, json: "<html></html>", contentType: "text/html")
        for transport in [notJSON, html] {
            let error = await #expect(throws: ServiceError.self) {
                try await service(transport).fetchEvents(EventsRequest())
            }
            guard case .undecodable = error else {
                Issue.record("expected undecodable, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("a token goes in the Authorization header of its own request only")
    func bearerHeader() async throws {
        let transport = ScriptedTransport(status: 200, json: #"{"items":[]}"#)
        let live = service(transport)
        _ = try await live.fetchActivities(ActivitiesRequest(), token: token)
        _ = try await live.fetchEvents(EventsRequest())
        #expect(transport.requests.map { $0.headerFields[.authorization] } == ["Bearer token-1", nil])
    }
}
