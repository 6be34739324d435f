import AgoraChildProcess
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A log collector reads fields: one JSON object per line, a request's line with its id.
@Suite("Operator: --log-format json writes one JSON object per line")
struct JSONLogTests {
    @Test(
        "given --log-format json, when /health is asked, then the log has one JSON object for it with request_id, level, route, status and duration_ms",
        .timeLimit(.minutes(10)))
    func jsonLog() async throws {
        let server = try ChildProcess(built: "agora-server", ["--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-format", "json"])
        let line = try await server.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/)?.1)
        _ = try await APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).get("/v1/events/1")
        server.send(SIGTERM)
        #expect(try await server.exitStatus() == 0)

        let lines = server.printed().stderr.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)") }
        let request = try #require(objects.first { $0["route"] as? String == "/v1/events/{eventID}" }, "\(lines)")
        #expect(request["level"] as? String == "info")
        #expect(request["status"] as? Int == 200)
        #expect((request["duration_ms"] as? Double).map { $0 >= 0 } == true)
        #expect((request["request_id"] as? String)?.isEmpty == false)
        #expect(request["method"] as? String == "GET")
        #expect(request["time"] is String)
    }
}
