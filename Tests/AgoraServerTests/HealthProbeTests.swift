import AgoraContract
import Foundation
import Testing

/// What a load balancer or an orchestrator asks: is the process alive, can it serve.
@Suite("Operator: /health/live answers while the process does, /health/ready while the database does")
struct HealthProbeTests {
    @Test("given a running server, then /health/live and /health/ready answer 200 ok, and /health is unchanged")
    func probes() async throws {
        try await TestServer.with { server in
            for path in ["/health/live", "/health/ready", "/health"] {
                let response = try await server.client.get(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.text == #"{"status":"ok"}"#, "\(path): \(response.text)")
            }
        }
    }

    @Test(
        "given the database file and its WAL are overwritten with garbage while the server runs, then /health/ready answers 503 not_ready in one line and /health/live still 200"
    )
    func notReadyWhenTheDatabaseFails() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            try #require(try await server.client.get("/health/ready").status == 200)
            // The file, its write-ahead log and the log's index alike: no copy of a page is left.
            for file in [path, path + "-wal", path + "-shm"] {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
                try handle.write(contentsOf: Data(repeating: 0x5A, count: 32_768))
                try handle.close()
            }

            let ready = try await server.client.get("/health/ready")
            let live = try await server.client.get("/health/live")

            #expect(ready.status == 503, "\(ready.text)")
            #expect(try ready.error.code == "not_ready")
            #expect(try !ready.error.message.contains("\n"))
            #expect(live.status == 200)
        }
    }
}
