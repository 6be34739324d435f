import AgoraContract
import AgoraMocks
import AgoraServer
import Foundation
import GRDB
import Testing

/// Guessing passwords or two-factor codes must get nowhere fast: failures are counted per
/// account and per client address, across challenges, and answered 429 with `Retry-After`.
@Suite("Security: login throttling per account and per address")
struct LoginThrottlingTests {
    static func limits(
        fromAddress: Int = 10, account: Int = 100, address: Int = 100, window: Int = 900
    ) -> (inout AgoraServerConfiguration) -> Void {
        {
            $0.loginThrottling = LoginThrottling(
                failuresPerAccountFromAddress: fromAddress, failuresPerAccount: account, failuresPerAddress: address,
                window: .seconds(window)
            )
        }
    }

    @Test(
        "given the default limits, when 30 wrong passwords are sent for one account, then 429 with Retry-After comes before the 30th, and the right password after the wait works"
    )
    func wrongPasswords() async throws {
        try await TestServer.with { server in
            var statuses: [Int] = []
            var refusal: APIResponse?
            for _ in 1...30 {
                let response = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"guess"}"#)
                statuses.append(response.status)
                if response.status == 429, refusal == nil { refusal = response }
            }

            let firstRefused = try #require(statuses.firstIndex(of: 429))
            #expect(firstRefused < 29)
            #expect(statuses[..<firstRefused].allSatisfy { $0 == 401 })
            #expect(statuses[firstRefused...].allSatisfy { $0 == 429 })
            let response = try #require(refusal)
            #expect(try response.error.code == "too_many_attempts")
            let wait = try #require(response.headers["retry-after"].flatMap { Int($0) })
            #expect((1...900).contains(wait))

            // Even the right password is refused while the account waits: guessing gains nothing.
            let tooSoon = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
            #expect(tooSoon.status == 429)

            server.clock.advance(by: TimeInterval(wait))
            let afterWait = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
            #expect(afterWait.status == 201)
        }
    }

    @Test("given an account over its limit, then another account from the same address still logs in")
    func perAccount() async throws {
        try await TestServer.with(Self.limits(account: 3)) { server in
            for _ in 1...3 {
                _ = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"guess"}"#)
            }

            let alice = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
            let carol = try await server.client.post("/v1/sessions", #"{"email":"carol@agora.example","password":"agora-demo"}"#)

            #expect(alice.status == 429)
            #expect(carol.status == 201)
        }
    }

    @Test("given one address spraying wrong passwords over many accounts, then it is refused after its limit, for every account")
    func perAddress() async throws {
        try await TestServer.with(Self.limits(account: 100, address: 5)) { server in
            var statuses: [Int] = []
            for index in 1...6 {
                let response = try await server.client.post("/v1/sessions", #"{"email":"user\#(index)@agora.example","password":"guess"}"#)
                statuses.append(response.status)
            }
            let carol = try await server.client.post("/v1/sessions", #"{"email":"carol@agora.example","password":"agora-demo"}"#)

            #expect(statuses == [401, 401, 401, 401, 401, 429])
            #expect(carol.status == 429)
        }
    }

    @Test("given the right password, then wrong two-factor codes count against the account across new challenges: 429 before 10 codes")
    func codesAcrossChallenges() async throws {
        try await TestServer.with(Self.limits(account: 6)) { server in
            var statuses: [Int] = []
            for _ in 1...4 {
                let login = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
                guard login.status == 202 else {
                    statuses.append(login.status)
                    continue
                }
                let id = try login.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
                for _ in 1...3 {
                    let answer = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"000000"}"#)
                    statuses.append(answer.status)
                }
            }

            #expect(Array(statuses.prefix(6)) == Array(repeating: 401, count: 6))
            #expect(statuses.dropFirst(6).allSatisfy { $0 == 429 })
            #expect(statuses.count > 6)
        }
    }

    @Test("given a failed login, then one log line names the masked account and the peer address, never the password")
    func logLine() async throws {
        let log = CapturedLog()
        try await TestServer.with({ $0.logLevel = .notice }, logger: log.logger()) { server in
            _ = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"secret-guess"}"#)
        }

        let lines = log.all.filter { $0.contains("Login failed") }
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.contains("account=a••••@agora.example"))
        #expect(line.contains("peer=127.0.0.1"))
        #expect(!line.contains("secret-guess"))
        #expect(!line.contains("alice@"))
    }

    @Test(
        "given a login naming an address with a bidirectional override and a domain that holds a space and a fake field, then the log line keeps one account field, escaped"
    )
    func hostileAccountIsEscapedInTheLog() async throws {
        let log = CapturedLog()
        try await TestServer.with({ $0.logLevel = .notice }, logger: log.logger()) { server in
            _ = try await server.client.post("/v1/sessions", #"{"email":"\u202Emallory@x peer=10.9.9.9\u202E","password":"secret-guess"}"#)
        }

        let line = try #require(log.all.first { $0.contains("Login failed") }, "\(log.all)")
        #expect(line.contains(#"account=\u{202e}•••••••@x\u{20}peer=10.9.9.9\u{202e} "#), "\(line)")
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .format }, "\(line)")
    }

    @Test("given expired two-factor challenges, when a new login issues one, then the expired ones are deleted")
    func expiredChallengesPurged() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        try await TestServer.with({
            $0.twoFactorLifetime = .seconds(60)
            $0.database = .file(path: path)
        }) { server in
            for _ in 1...3 {
                let login = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
                #expect(login.status == 202)
            }
            server.clock.advance(by: 120)
            let fresh = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
            #expect(fresh.status == 202)
        }

        let count = try await DatabaseQueue.afterServer(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM two_factor_challenges")
        }
        #expect(count == 1)
    }
}
