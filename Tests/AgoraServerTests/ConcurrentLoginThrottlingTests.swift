import AgoraContract
import AgoraServer
import Foundation
import Testing

/// Guesses sent together must not outrun the throttle: each try is counted before its password
/// or code is checked, so at most the limit's worth of tries reach the check however many arrive
/// at once. The number of checks is read from the answers (a wrong password that was checked is
/// a 401, one that was not is a 429) and from the log (one "Login failed" line per check).
@Suite("Security: concurrent login throttling reserves each try before its check")
struct ConcurrentLoginThrottlingTests {
    /// A cost at which a check takes a few milliseconds, so concurrent tries overlap in it.
    static func slowerHashes(_ configuration: inout AgoraServerConfiguration) {
        configuration.bcryptCost = 6
        configuration.logLevel = .notice
    }

    @Test("given 40 wrong passwords for one account sent at once, then exactly 10 (the limit) reach the password check and the other 30 get 429")
    func concurrentPasswords() async throws {
        let log = CapturedLog()
        try await TestServer.with(Self.slowerHashes, logger: log.logger()) { server in
            let guess = #"{"email":"alice@agora.example","password":"guess"}"#

            let statuses = try await RawLogin.statusesAtOnce(server, "/v1/sessions", Array(repeating: guess, count: 40))

            #expect(statuses.count { $0 == 401 } == 10, "\(statuses)")
            #expect(statuses.count { $0 == 429 } == 30, "\(statuses)")
            #expect(log.all.count { $0.contains("Login failed") } == 10)
        }
    }

    @Test("given four two-factor challenges, when 16 wrong codes are sent at once, then exactly 10 (the limit) are checked and the other 6 get 429")
    func concurrentCodes() async throws {
        let log = CapturedLog()
        try await TestServer.with(Self.slowerHashes, logger: log.logger()) { server in
            var challenges: [String] = []
            for _ in 1...4 {
                let login = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
                try #require(login.status == 202)
                challenges.append(try login.decode(Components.Schemas.TwoFactorChallenge.self).challengeID)
            }
            // Four codes a challenge: under the five that end one, so every code is checked
            // against a live challenge of Bob's.
            let answers = challenges.flatMap { id in Array(repeating: #"{"challengeID":"\#(id)","code":"000000"}"#, count: 4) }

            let statuses = try await RawLogin.statusesAtOnce(server, "/v1/sessions/two-factor", answers)

            #expect(statuses.count { $0 == 401 } == 10, "\(statuses)")
            #expect(statuses.count { $0 == 429 } == 6, "\(statuses)")
            #expect(log.all.count { $0.contains("Login failed") } == 10)
        }
    }

    @Test(
        "given the right password of a two-factor account, then its reserved try is taken back: five such logins leave room under a limit of 3 for a wrong password's 401"
    )
    func rightPasswordsAreNotFailures() async throws {
        try await TestServer.with(LoginThrottlingTests.limits(fromAddress: 3)) { server in
            var statuses: [Int] = []
            for _ in 1...5 {
                statuses.append(try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#).status)
            }
            let wrong = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"guess"}"#)

            #expect(statuses == Array(repeating: 202, count: 5))
            #expect(wrong.status == 401)
        }
    }
}
