import AgoraServer
import Foundation
import Testing

/// Logins wait for a password check in a bounded queue: past it they are told at once to come
/// back, so the ones admitted are answered in time, and right passwords are never counted as
/// failures while they wait.
@Suite("Logins: a bounded password-check queue answers 503 past it, and right passwords at once are never 429")
struct PasswordCheckQueueTests {
    @Test(
        "given one check at a time and a queue of 2, when 24 logins arrive at once, then every answer is 201 or 503 with Retry-After, some are 503, and a login afterwards succeeds",
        .timeLimit(.minutes(10))
    )
    func boundedQueue() async throws {
        try await TestServer.with({
            $0.bcryptCost = 8
            $0.concurrentPasswordHashes = 1
            $0.passwordCheckQueue = 2
        }) { server in
            // Each from its own address, so no login limit counts them together.
            let answers = await withTaskGroup(of: String.self) { group in
                for index in 1...24 {
                    group.addTask {
                        let body = #"{"email":"alice@agora.example","password":"agora-demo"}"#
                        return
                            (try? await RawConnection.exchange(
                                port: server.running.port, "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n",
                                body: body, from: "127.0.0.\(index + 1)")) ?? ""
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = answers.map(RawLogin.status(of:))

            #expect(statuses.allSatisfy { $0 == 201 || $0 == 503 }, "\(statuses)")
            #expect(statuses.contains(503), "\(statuses)")
            #expect(statuses.contains(201), "\(statuses)")
            for answer in answers where RawLogin.status(of: answer) == 503 {
                #expect(answer.lowercased().contains("retry-after: 1"), "\(answer.prefix(300))")
                #expect(answer.contains(#""code":"busy""#))
            }
            _ = try await server.login(Demo.alice)
        }
    }

    @Test("given 30 right passwords for Alice from one address at once, then all 30 log in: none is 429", .timeLimit(.minutes(10)))
    func concurrentRightPasswords() async throws {
        try await TestServer.with({
            $0.bcryptCost = 6
            $0.passwordCheckQueue = 100
        }) { server in
            let body = #"{"email":"alice@agora.example","password":"agora-demo"}"#

            let statuses = try await RawLogin.statusesAtOnce(server, "/v1/sessions", Array(repeating: body, count: 30))

            #expect(statuses == Array(repeating: 201, count: 30), "\(statuses)")
        }
    }

    @Test(
        "given 5 wrong and 20 right passwords for Alice at once, under a limit of 10, then every wrong one is 401 and every right one 201: tries in flight never count as failures"
    )
    func mixedUnderTheLimit() async throws {
        try await TestServer.with({
            $0.bcryptCost = 6
            $0.passwordCheckQueue = 100
        }) { server in
            let wrong = #"{"email":"alice@agora.example","password":"guess"}"#
            let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#

            let statuses = try await RawLogin.statusesAtOnce(server, "/v1/sessions", Array(repeating: wrong, count: 5) + Array(repeating: right, count: 20))

            #expect(statuses == Array(repeating: 401, count: 5) + Array(repeating: 201, count: 20), "\(statuses)")
        }
    }
}
