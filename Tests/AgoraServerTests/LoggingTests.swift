import AgoraContract
import AgoraMocks
import Testing

@Suite("Logging: one line per request, never a secret")
struct LoggingTests {
    @Test("given requests with a password and a token, then each logs one line with method, path, status and duration, and no secret appears anywhere")
    func requestLinesWithoutSecrets() async throws {
        let log = CapturedLog()
        var token = ""
        try await TestServer.with({ $0.logLevel = .trace }, logger: log.logger()) { server in
            token = try await server.login(Demo.alice)
            _ = try await server.client.get("/v1/me", token: token)
            _ = try await server.client.get("/v1/nowhere")
        }

        let requestLines = log.all.filter { $0.contains(" /v1/") }
        #expect(requestLines.contains { $0.contains("POST /v1/sessions 201 ") && $0.contains("ms") })
        #expect(requestLines.contains { $0.contains("GET /v1/me 200 ") })
        #expect(requestLines.contains { $0.contains("GET /v1/nowhere 404 ") })
        #expect(requestLines.filter { $0.contains("GET /v1/me 200") }.count == 1)
        for line in log.all {
            #expect(!line.contains(MockData.demoPassword), "\(line)")
            #expect(!line.contains(token), "\(line)")
            #expect(!line.lowercased().contains("authorization"), "\(line)")
            #expect(!line.contains("Bearer"), "\(line)")
        }
    }
}
