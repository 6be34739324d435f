import AgoraContract
import Foundation
import Testing

/// A 406 or a 415 is decided from the headers before the operation does anything, and the
/// weights in `Accept` count.
@Suite("Content negotiation: 406 and 415 come before any effect, and Accept's weights count")
struct ContentNegotiationTests {
    @Test("given Accept: text/html, when Alice posts a comment, then 406 and the comment is not stored")
    func commentNotStoredOn406() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let before = try await server.client.get("/v1/events/2/comments?limit=100").decode(Components.Schemas.CommentsPage.self).items.count

            let response = try await server.client.send(
                "POST", "/v1/events/2/comments", body: #"{"body":"should not be stored"}"#, token: alice, headers: ["Accept": "text/html"])

            #expect(response.status == 406)
            #expect(try response.error.code == "not_acceptable")
            let after = try await server.client.get("/v1/events/2/comments?limit=100").decode(Components.Schemas.CommentsPage.self).items
            #expect(after.count == before)
            #expect(!after.contains { $0.body == "should not be stored" })
        }
    }

    @Test("given Accept: text/html, when Alice says she is going, then 406 and her RSVP is unchanged")
    func rsvpUnchangedOn406() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let before = try await server.client.get("/v1/events/1", token: alice).decode(Components.Schemas.Event.self)

            let response = try await server.client.send(
                "PUT", "/v1/events/1/rsvp", body: #"{"going":\#(!before.isGoing)}"#, token: alice, headers: ["Accept": "text/html"])

            #expect(response.status == 406)
            let after = try await server.client.get("/v1/events/1", token: alice).decode(Components.Schemas.Event.self)
            #expect(after.isGoing == before.isGoing)
            #expect(after.attendeeCount == before.attendeeCount)
        }
    }

    @Test("given Bob's challenge, when the right code comes with Accept: text/html, then 406 and the challenge still logs him in afterwards")
    func challengeKeptOn406() async throws {
        try await TestServer.with { server in
            let login = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
            let id = try login.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
            let answer = #"{"challengeID":"\#(id)","code":"424242"}"#

            let refused = try await server.client.send("POST", "/v1/sessions/two-factor", body: answer, headers: ["Accept": "text/html"])
            let accepted = try await server.client.post("/v1/sessions/two-factor", answer)

            #expect(refused.status == 406)
            #expect(accepted.status == 201)
        }
    }

    @Test(
        "given an Accept that gives JSON no weight, then 406; one that gives it some, then 200",
        arguments: [
            ("application/json;q=0", 406), ("application/json; q=0.000", 406), ("*/*;q=0", 406), ("text/html, */*;q=0", 406),
            ("*/*, application/json;q=0", 406), ("application/json;q=0.5", 200), ("*/*;q=0, application/json", 200),
            ("text/html, application/*;q=0.1", 200), ("application/json;q=2", 400),
        ]
    )
    func weights(accept: String, status: Int) async throws {
        try await TestServer.with { server in
            let response = try await server.client.send("GET", "/health", headers: ["Accept": accept])

            #expect(response.status == status, "\(accept): \(response.text)")
        }
    }

    @Test("given a login body without Content-Type, then 415 naming the missing header, and no session")
    func missingContentType() async throws {
        try await TestServer.with { server in
            let body = #"{"email":"alice@agora.example","password":"agora-demo"}"#
            let answer = try await RawConnection.exchange(port: server.running.port, "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n", body: body)

            #expect(RawLogin.status(of: answer) == 415, "\(answer.prefix(200))")
            #expect(answer.contains("no Content-Type"), "\(answer)")
            #expect(!answer.contains("token"))
        }
    }
}
