import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// What the live client says of whose request it sends: the visitor a proxy serves, on every
/// request, and the device, on the login requests only.
@Suite("Live client request origin")
struct RequestOriginTests {
    @Test(
        "given an origin with a visitor's address and a device id, when events are read and a login is tried, then every request says the address and only the login the device"
    )
    func headersFollowTheOrigin() async throws {
        let transport = ScriptedTransport { request in
            var refused = HTTPResponse(status: request.method == .post ? .unauthorized : .ok)
            refused.headerFields[.contentType] = "application/json"
            let body = request.method == .post ? #"{"code":"invalidCredentials","message":"Wrong email or password."}"# : #"{"items":[]}"#
            return (refused, HTTPBody(body))
        }
        let origin = RequestOrigin(forwardedAddress: "203.0.113.7", deviceID: String(repeating: "ab", count: 32))
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport, origin: origin)

        _ = try await service.fetchEvents(EventsRequest())
        _ = try? await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo"))
        origin.forwardedAddress = "198.51.100.2"
        _ = try await service.fetchEvents(EventsRequest())

        let requests = transport.requests
        let forwarded = requests.map { $0.headerFields[HTTPField.Name("X-Forwarded-For")!] }
        let device = requests.map { $0.headerFields[HTTPField.Name("Agora-Device")!] }
        #expect(forwarded == ["203.0.113.7", "203.0.113.7", "198.51.100.2"], "the address of the request's visitor, as it is when sent")
        #expect(device == [nil, String(repeating: "ab", count: 32), nil], "the device goes with the login only")
    }

    @Test("given no origin, when a login is tried, then no forwarding or device header is sent")
    func noOriginSendsNothing() async throws {
        let transport = ScriptedTransport(status: 401, json: #"{"code":"invalidCredentials","message":"Wrong email or password."}"#)
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)

        _ = try? await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo"))

        let request = try #require(transport.requests.first)
        #expect(request.headerFields[HTTPField.Name("X-Forwarded-For")!] == nil)
        #expect(request.headerFields[HTTPField.Name("Agora-Device")!] == nil)
    }

    @Test(
        "given an origin that keeps issued ids, when a login succeeds, then the id agora-server issued is the device's from then on, and the keeper is told it once"
    )
    func issuedDeviceIsKept() async throws {
        let issued = "r8Jw2cQ0m1VbXz4KpL7sTn5yHa3eUf6gDk9oWqRiE2M"
        let transport = ScriptedTransport(
            status: 201,
            json: #"{"token":"t","expiresAt":"2026-11-24T11:21:37Z","device":"\#(issued)","user":{"id":1,"name":"Alice Martin","email":"alice@agora.example"}}"#
        )
        let kept = KeptIDs()
        let origin = RequestOrigin(deviceID: nil) { kept.append($0) }
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport, origin: origin)

        _ = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo"))
        _ = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo"))

        #expect(origin.deviceID == issued)
        #expect(kept.ids == [issued], "kept once: the second login was issued the same id")
        #expect(transport.requests.map { $0.headerFields[HTTPField.Name("Agora-Device")!] } == [nil, issued])
    }
}

/// The ids an origin's keeper was told, in order.
private final class KeptIDs: Sendable {
    private let kept = Mutex<[String]>([])

    var ids: [String] { kept.withLock { $0 } }

    func append(_ id: String) {
        kept.withLock { $0.append(id) }
    }
}
