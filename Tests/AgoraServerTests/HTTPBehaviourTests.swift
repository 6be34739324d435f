import AgoraContract
import Foundation
import Testing

@Suite("HTTP: health, unknown routes, oversized bodies, content types")
struct HTTPBehaviourTests {
    @Test("given a running server, when asking /health, then 200 {\"status\":\"ok\"}")
    func health() async throws {
        try await TestServer.with { server in
            let response = try await server.client.get("/health")

            #expect(response.status == 200)
            #expect(try response.decode(Components.Schemas.Health.self).status == .ok)
        }
    }

    @Test("given a path the API does not have, then 404 JSON not_found")
    func unknownRoute() async throws {
        try await TestServer.with { server in
            for (method, path) in [("GET", "/v2/events"), ("GET", "/"), ("PATCH", "/v1/nowhere/1"), ("GET", "/v1/events/1/comments/2")] {
                let response = try await server.client.send(method, path)
                #expect(response.status == 404, "\(method) \(path)")
                #expect(try response.error.code == "not_found")
                #expect(response.headers["allow"] == nil)
            }
        }
    }

    // Found by Scripts/fuzz-api (schemathesis's unsupported_method check): a path the API has,
    // asked with a method it does not answer, got the 404 of a path that does not exist.
    @Test(
        "given a path the API has and a method it does not answer, then 405 JSON method_not_allowed with an Allow header naming the methods it has",
        arguments: [
            ("PATCH", "/v1/events/1", "GET"),
            ("POST", "/health", "GET, HEAD"),
            ("TRACE", "/v1/me", "GET"),
            ("PUT", "/v1/events/7/comments", "GET, POST"),
            ("GET", "/v1/comments/3", "DELETE"),
            ("DELETE", "/v1/sessions", "POST"),
        ]
    )
    func wrongMethod(method: String, path: String, allowed: String) async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)

            for token in [nil, alice] {
                let response = try await server.client.send(method, path, token: token)

                #expect(response.status == 405, "\(method) \(path)")
                #expect(response.headers["allow"] == allowed)
                #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
                let error = try response.error
                #expect(error.code == "method_not_allowed")
                #expect(error.message == "\(path) does not answer \(method); it answers \(allowed).")
            }
        }
    }

    @Test("given a body over the limit, when posting, then 413 JSON too_large, and the connection keeps working")
    func oversizedBody() async throws {
        try await TestServer.with({ $0.maxBodyBytes = 8 * 1024 }) { server in
            let alice = try await server.login(Demo.alice)
            let big = #"{"body":"\#(String(repeating: "a", count: 100 * 1024))"}"#

            let response = try await server.client.post("/v1/events/1/comments", big, token: alice)

            #expect(response.status == 413)
            #expect(try response.error.code == "too_large")
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test("given a body of unknown length (chunked) over the limit, then 413 too_large, and one under it is accepted")
    func oversizedStreamedBody() async throws {
        try await TestServer.with({ $0.maxBodyBytes = 8 * 1024 }) { server in
            let alice = try await server.login(Demo.alice)
            let big = #"{"body":"\#(String(repeating: "a", count: 100 * 1024))"}"#

            let refused = try await server.client.postStreamed("/v1/events/1/comments", big, token: alice)
            let accepted = try await server.client.postStreamed("/v1/events/1/comments", #"{"body":"short"}"#, token: alice)

            #expect(refused.status == 413)
            #expect(try refused.error.code == "too_large")
            #expect(accepted.status == 201)
        }
    }

    @Test("given a body without a JSON content type, then 415 JSON")
    func wrongContentType() async throws {
        try await TestServer.with { server in
            let response = try await server.client.send(
                "POST", "/v1/sessions", body: "email=a", headers: ["Content-Type": "application/x-www-form-urlencoded"]
            )

            #expect(response.status == 415)
            #expect(try response.error.code == "unsupported_media_type")
        }
    }
}
