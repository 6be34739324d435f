import AgoraContract
import Foundation
import GRDB
import Testing

@testable import AgoraServer

/// OWASP's account lockout: failures spread over many addresses reach the per-account ceiling
/// and hold the account for everyone, its owner included. A device that has logged in to the
/// account before, with the id the server issued it then (`Agora-Device`), is not held by that
/// ceiling; the limits per address still apply to it. An id the server did not issue for the
/// account counts for nothing.
@Suite("Security: a known device is not held out by the per-account ceiling")
struct KnownDeviceTests {
    static let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#
    static let wrong = #"{"email":"alice@agora.example","password":"guess"}"#
    static let chosenByAClient = "alices-phone-0123456789abcdef"

    static func login(_ server: TestServer, _ body: String, from address: String, device: String? = nil) async throws -> Int {
        try await loginResponse(server, body, from: address, device: device).status
    }

    static func loginResponse(_ server: TestServer, _ body: String, from address: String, device: String? = nil) async throws -> APIResponse {
        var headers = ["X-Forwarded-For": address]
        if let device { headers["Agora-Device"] = device }
        return try await server.client.send("POST", "/v1/sessions", body: body, headers: headers)
    }

    /// The device id the server issues alice at a login from `address`, sending `device`.
    static func issuedDevice(_ server: TestServer, from address: String, sending device: String? = nil) async throws -> String {
        let response = try await loginResponse(server, right, from: address, device: device)
        #expect(response.status == 201)
        return try response.decode(Components.Schemas.Session.self).device
    }

    /// 10 wrong passwords for alice from each of 10.0.1.1 … 10.0.1.10: the default ceiling of 100.
    static func reachCeiling(_ server: TestServer) async throws {
        for host in 1...10 {
            for _ in 1...10 {
                #expect(try await login(server, wrong, from: "10.0.1.\(host)") == 401)
            }
        }
    }

    @Test(
        "given alice logged in once with a device, when 10 addresses × 10 wrong passwords reach the ceiling, then her right password from a new address logs in with that device and gets 429 without it",
        arguments: StoreKind.all)
    func knownDeviceGetsThrough(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let alicesPhone = try await Self.issuedDevice(server, from: "192.0.2.1")
            try await Self.reachCeiling(server)

            let withoutDevice = try await Self.login(server, Self.right, from: "192.0.2.2")
            let unknownDevice = try await Self.login(server, Self.right, from: "192.0.2.2", device: "someone-elses-device-0123456789")
            let malformedDevice = try await Self.login(server, Self.right, from: "192.0.2.2", device: alicesPhone + "!")
            let withDevice = try await Self.login(server, Self.right, from: "192.0.2.2", device: alicesPhone)

            #expect(withoutDevice == 429)
            #expect(unknownDevice == 429)
            #expect(malformedDevice == 429)
            #expect(withDevice == 201)
        }
    }

    @Test(
        "given a known device, when it sends 10 wrong passwords from one address, then that address still gets 429 for the account: only the ceiling is lifted",
        arguments: StoreKind.all)
    func knownDeviceStillLimitedPerAddress(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let alicesPhone = try await Self.issuedDevice(server, from: "192.0.2.1")
            var statuses: [Int] = []
            for _ in 1...11 {
                statuses.append(try await Self.login(server, Self.wrong, from: "192.0.2.3", device: alicesPhone))
            }

            #expect(statuses == Array(repeating: 401, count: 10) + [429])
        }
    }

    @Test(
        "given a device known for bob (through his two-factor step), when alice's ceiling is reached, then that device does not get alice in",
        arguments: StoreKind.all)
    func deviceIsKnownPerAccount(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let headers = ["X-Forwarded-For": "192.0.2.1"]
            let challenge = try await server.client.send(
                "POST", "/v1/sessions", body: #"{"email":"bob@agora.example","password":"agora-demo"}"#, headers: headers
            )
            let id = try challenge.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
            let bob = try await server.client.send(
                "POST", "/v1/sessions/two-factor", body: #"{"challengeID":"\#(id)","code":"424242"}"#, headers: headers
            )
            let bobsLaptop = try bob.decode(Components.Schemas.Session.self).device
            try await Self.reachCeiling(server)

            let alice = try await Self.login(server, Self.right, from: "192.0.2.2", device: bobsLaptop)

            #expect(bob.status == 201)
            #expect(alice == 429)
        }
    }

    @Test(
        "given a login that sends an id the server never issued, then it is issued a new one, and the id it sent stays unknown: after the ceiling it is held",
        arguments: StoreKind.all)
    func aChosenDeviceIsNeverKnown(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.trustedProxies = ["127.0.0.1"] }) { server in
            let issued = try await Self.issuedDevice(server, from: "192.0.2.1", sending: Self.chosenByAClient)
            let again = try await Self.issuedDevice(server, from: "192.0.2.1", sending: issued)
            try await Self.reachCeiling(server)

            #expect(issued != Self.chosenByAClient)
            #expect(again == issued, "an id the server issued for the account is kept")
            #expect(try await Self.login(server, Self.right, from: "192.0.2.2", device: Self.chosenByAClient) == 429)
            #expect(try await Self.login(server, Self.right, from: "192.0.2.2", device: issued) == 201)
        }
    }

    @Test("given a login, then the database keeps the SHA-256 of the device id it issued, never the id")
    func onlyTheDigestIsStored() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        var issued = ""
        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            let response = try await server.client.send("POST", "/v1/sessions", body: Self.right)
            #expect(response.status == 201)
            issued = try response.decode(Components.Schemas.Session.self).device
        }

        let stored = try await DatabaseQueue.afterServer(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT device_sha256 FROM known_devices")
        }
        #expect(stored == [TokenDigest.of(issued)])
    }

    @Test(
        "the Agora-Device grammar: 22 to 128 of A-Z a-z 0-9 _ -; anything else is ignored",
        arguments: [
            ("abcdefghijklmnopqrstuv", true), (String(repeating: "A", count: 128), true), ("AZaz09_-AZaz09_-AZaz09", true),
            ("abcdefghijklmnopqrstu", false), (String(repeating: "A", count: 129), false), ("abcdefghijklmnopqrstu=", false),
            ("abcdefghijk lmnopqrstuv", false), ("abcdefghijklmnopqrstuvé", false), ("", false),
        ])
    func grammar(header: String, accepted: Bool) {
        #expect((DeviceID(header: header) != nil) == accepted)
    }
}
