import AgoraContract
import AgoraMocks
import Foundation
import Testing

@Suite("Authentication: passwords, two-factor codes, tokens")
struct AuthenticationTests {
    @Test("given Alice's password, when she logs in, then 201 with a URL-safe token of 32+ bytes valid for the configured lifetime", arguments: StoreKind.all)
    func loginWithoutTwoFactor(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.tokenLifetime = .seconds(600) }) { server in
            let response = try await server.client.post("/v1/sessions", #"{"email":" Alice@Agora.example ","password":"agora-demo"}"#)

            #expect(response.status == 201)
            let session = try response.decode(Components.Schemas.Session.self)
            #expect(session.user == Components.Schemas.User(id: 1, name: "Alice Martin", email: Demo.alice))
            #expect(session.token.count >= 43)
            #expect(session.token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            #expect(session.expiresAt.timeIntervalSince(server.clock.now()) <= 600)
            #expect(session.expiresAt.timeIntervalSince(server.clock.now()) > 598)
            let me = try await server.client.get("/v1/me", token: session.token)
            #expect(try me.decode(Components.Schemas.User.self).id == 1)
        }
    }

    @Test("given Bob's password, when he logs in, then 202 with a challenge sent to his masked email, and his code gives a session", arguments: StoreKind.all)
    func loginWithTwoFactor(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let challengeResponse = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)

            #expect(challengeResponse.status == 202)
            let challenge = try challengeResponse.decode(Components.Schemas.TwoFactorChallenge.self)
            #expect(challenge.destination == "b••@agora.example")

            let resend = try await server.client.post("/v1/sessions/two-factor/resend", #"{"challengeID":"\#(challenge.challengeID)"}"#)
            #expect(resend.status == 204)

            let answer = #"{"challengeID":"\#(challenge.challengeID)","code":"\#(MockData.twoFactorCode)"}"#
            let sessionResponse = try await server.client.post("/v1/sessions/two-factor", answer)
            #expect(sessionResponse.status == 201)
            #expect(try sessionResponse.decode(Components.Schemas.Session.self).user.id == 2)

            // A challenge is used up by its answer.
            let again = try await server.client.post("/v1/sessions/two-factor", answer)
            #expect(again.status == 401)
            #expect(try again.error.code == "invalid_two_factor_code")
        }
    }

    @Test("given a wrong password or an unknown email, when logging in, then 401 invalid_credentials, the same for both", arguments: StoreKind.all)
    func wrongCredentials(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let wrongPassword = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"nope"}"#)
            let unknownEmail = try await server.client.post("/v1/sessions", #"{"email":"nobody@agora.example","password":"agora-demo"}"#)

            #expect(wrongPassword.status == 401)
            #expect(try wrongPassword.error.code == "invalid_credentials")
            #expect(unknownEmail.status == 401)
            #expect(try unknownEmail.error == wrongPassword.error)
        }
    }

    @Test(
        "given a challenge, when the code is wrong, then 401 invalid_two_factor_code, and after five wrong codes even the right one is refused",
        arguments: StoreKind.all)
    func wrongCode(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let id = try await Self.bobsChallenge(server)
            for _ in 1...5 {
                let response = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"000000"}"#)
                #expect(response.status == 401)
                #expect(try response.error.code == "invalid_two_factor_code")
            }
            let right = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"424242"}"#)
            #expect(right.status == 401)
        }
    }

    @Test("given a code that is not six digits, then 400 naming field code", arguments: StoreKind.all)
    func malformedCode(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let id = try await Self.bobsChallenge(server)
            let response = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"42x"}"#)

            #expect(response.status == 400)
            #expect(try response.error.field == "code")
        }
    }

    @Test("given a challenge five minutes old, when answered with the right code, then 401: it expired", arguments: StoreKind.all)
    func challengeExpiry(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let id = try await Self.bobsChallenge(server)
            server.clock.advance(by: 5 * 60)

            let response = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"424242"}"#)

            #expect(response.status == 401)
            #expect(try response.error.code == "invalid_two_factor_code")
            let resend = try await server.client.post("/v1/sessions/two-factor/resend", #"{"challengeID":"\#(id)"}"#)
            #expect(resend.status == 404)
        }
    }

    @Test("given a token with a 60-second lifetime, when 59 s pass it works, and when 60 s pass it is refused with 401", arguments: StoreKind.all)
    func tokenExpiry(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.tokenLifetime = .seconds(60) }) { server in
            let token = try await server.login(Demo.alice)

            server.clock.advance(by: 59)
            #expect(try await server.client.get("/v1/me", token: token).status == 200)

            server.clock.advance(by: 1)
            let expired = try await server.client.get("/v1/me", token: token)
            #expect(expired.status == 401)
            #expect(try expired.error.code == "unauthorized")
            let write = try await server.client.post("/v1/events/2/comments", #"{"body":"late"}"#, token: token)
            #expect(write.status == 401)
        }
    }

    @Test(
        "given an account that holds 3 sessions, when it logs in 5 times, two of them in one second, then the 2 oldest tokens end and the 3 newest work; Bob's session is untouched",
        arguments: StoreKind.all)
    func anAccountHoldsBoundedSessions(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.sessionsPerAccount = 3 }) { server in
            let bob = try await server.loginBob()
            var tokens: [String] = []
            for login in 0..<5 {
                tokens.append(try await server.login(Demo.alice))
                if login != 2 { server.clock.advance(by: 1) }
            }

            var statuses: [Int] = []
            for token in tokens { statuses.append(try await server.client.get("/v1/me", token: token).status) }
            #expect(statuses == [401, 401, 200, 200, 200])
            #expect(try await server.client.get("/v1/me", token: bob).status == 200)
        }
    }

    @Test(
        "given an account that may log in 3 times a minute, when it logs in a 4th time within the minute, then the right password gets 429 with Retry-After until the oldest is a minute old; then it logs in again, and Carol meanwhile",
        arguments: StoreKind.all)
    func anAccountLogsInABoundedNumberOfTimesAMinute(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.loginsPerAccountPerMinute = 3 }) { server in
            for _ in 0..<3 {
                _ = try await server.login(Demo.alice)
                server.clock.advance(by: 10)
            }

            let refused = try await server.client.post("/v1/sessions", #"{"email":"\#(Demo.alice)","password":"agora-demo"}"#)
            let carol = try await server.client.post("/v1/sessions", #"{"email":"\#(Demo.carol)","password":"agora-demo"}"#)
            server.clock.advance(by: 30)
            let again = try await server.client.post("/v1/sessions", #"{"email":"\#(Demo.alice)","password":"agora-demo"}"#)

            #expect(refused.status == 429, "\(refused.text)")
            #expect(try refused.error.code == "too_many_attempts")
            #expect(refused.headers["retry-after"] == "30", "the first login, at 0 s, is a minute old at 60 s; this one is at 30 s")
            #expect(try refused.error.message.contains("Too many logins to this account"))
            #expect(carol.status == 201, "another account logs in: \(carol.text)")
            #expect(again.status == 201, "\(again.text)")
        }
    }

    @Test("given a session, when logging out, then 204 and the token no longer works", arguments: StoreKind.all)
    func logoutRevokes(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let token = try await server.login(Demo.alice)
            let other = try await server.login(Demo.alice)

            let logout = try await server.client.delete("/v1/sessions/current", token: token)

            #expect(logout.status == 204)
            #expect(try await server.client.get("/v1/me", token: token).status == 401)
            #expect(try await server.client.delete("/v1/sessions/current", token: token).status == 401)
            // Only that session ended.
            #expect(try await server.client.get("/v1/me", token: other).status == 200)
        }
    }

    @Test("given no token, a malformed one or an unknown one, when asking who I am, then 401 JSON", arguments: StoreKind.all)
    func meNeedsAToken(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let missing = try await server.client.get("/v1/me")
            let unknown = try await server.client.get("/v1/me", token: "not-a-token")
            let basic = try await server.client.send("GET", "/v1/me", headers: ["Authorization": "Basic YWxpY2U6eA=="])

            for response in [missing, unknown, basic] {
                #expect(response.status == 401)
                #expect(try response.error.code == "unauthorized")
            }
        }
    }

    @Test("given an empty email or password, when logging in, then 400 naming the field", arguments: StoreKind.all)
    func loginValidation(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let noEmail = try await server.client.post("/v1/sessions", #"{"email":"  ","password":"agora-demo"}"#)
            let noAtSign = try await server.client.post("/v1/sessions", #"{"email":"alice.agora.example","password":"agora-demo"}"#)
            let noPassword = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":""}"#)
            let missingPassword = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example"}"#)

            #expect(noEmail.status == 400)
            #expect(try noEmail.error.field == "email")
            #expect(noAtSign.status == 400)
            #expect(try noAtSign.error.field == "email")
            #expect(try noPassword.error.field == "password")
            #expect(try missingPassword.error.field == "password")
        }
    }

    static func bobsChallenge(_ server: TestServer) async throws -> String {
        let response = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
        try #require(response.status == 202)
        return try response.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
    }
}
