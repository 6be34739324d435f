import Foundation
import Testing

/// Knowing someone's email must not be enough to keep them out: failures lock out the address
/// they came from, for that account, and only a wider ceiling across all addresses locks the
/// account itself. The other addresses are other loopback addresses (127.0.0.2, …), which the
/// server sees as other clients.
@Suite("Security: login throttling by address, so a stranger who knows an email cannot lock its owner out")
struct LoginThrottlingByAddressTests {
    static let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#
    static let wrong = #"{"email":"alice@agora.example","password":"guess"}"#

    @Test(
        "given 12 wrong passwords for an account from one address, then that address gets 429 even with the right password, and the owner from another address logs in"
    )
    func strangerLockedOutOwnerNot() async throws {
        try await TestServer.with { server in
            var statuses: [Int] = []
            for _ in 1...12 {
                statuses.append(try await RawLogin.status(server, "/v1/sessions", Self.wrong, from: "127.0.0.2"))
            }
            let strangerRight = try await RawLogin.status(server, "/v1/sessions", Self.right, from: "127.0.0.2")
            let owner = try await server.client.post("/v1/sessions", Self.right)

            #expect(statuses == Array(repeating: 401, count: 10) + [429, 429])
            #expect(strangerRight == 429)
            #expect(owner.status == 201)
        }
    }

    @Test(
        "given wrong passwords spread over three addresses, when they reach the per-account ceiling, then an address that never failed gets 429 too, until the window passes"
    )
    func ceilingAcrossAddresses() async throws {
        try await TestServer.with(LoginThrottlingTests.limits(fromAddress: 3, account: 8, window: 600)) { server in
            var statuses: [Int] = []
            for address in ["127.0.0.2", "127.0.0.3", "127.0.0.4"] {
                for _ in 1...3 {
                    statuses.append(try await RawLogin.status(server, "/v1/sessions", Self.wrong, from: address))
                }
            }
            let owner = try await server.client.post("/v1/sessions", Self.right)
            server.clock.advance(by: 601)
            let later = try await server.client.post("/v1/sessions", Self.right)

            #expect(statuses == Array(repeating: 401, count: 8) + [429])
            #expect(owner.status == 429)
            #expect(try owner.error.code == "too_many_attempts")
            #expect(owner.headers["retry-after"].flatMap { Int($0) }.map { (1...600).contains($0) } == true)
            #expect(later.status == 201)
        }
    }

    @Test("given failures from one address, when the right password comes from it, then its failures on that account are forgiven: the next wrong one is a 401")
    func successForgivesTheAddress() async throws {
        try await TestServer.with(LoginThrottlingTests.limits(fromAddress: 3)) { server in
            for _ in 1...2 {
                #expect(try await RawLogin.status(server, "/v1/sessions", Self.wrong, from: "127.0.0.2") == 401)
            }
            let right = try await RawLogin.status(server, "/v1/sessions", Self.right, from: "127.0.0.2")
            var after: [Int] = []
            for _ in 1...4 {
                after.append(try await RawLogin.status(server, "/v1/sessions", Self.wrong, from: "127.0.0.2"))
            }

            #expect(right == 201)
            #expect(after == [401, 401, 401, 429])
        }
    }
}
