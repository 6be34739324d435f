import AgoraChildProcess
import Foundation
import Testing

/// An answer's `ETag` is a digest of its bytes, so the same answer must be the same bytes in
/// every process: servers behind one proxy, or one server after a restart.
@Suite("agora-server: the same answer has the same ETag in every process")
struct EntityTagAcrossProcessesTests {
    @Test(
        "given answers tagged by one agora-server, when another process serves the same database, then it tags them the same and answers their If-None-Match with 304",
        .timeLimit(.minutes(10)))
    func sameTagAfterARestart() async throws {
        let folder = try TemporaryFolder()
        let arguments = [
            "--port", "0", "--db", folder.url.appending(path: "agora.sqlite").path, "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error",
        ]
        let paths = ["/v1/events", "/v1/events/1", "/v1/events/2/comments"]

        let first = try ChildProcess(built: "agora-server", arguments)
        let before = try await Self.tags(of: paths, from: Self.client(of: first))
        first.send(SIGTERM)
        _ = try await first.exitStatus()
        let second = try ChildProcess(built: "agora-server", arguments)
        let client = try await Self.client(of: second)
        let after = try await Self.tags(of: paths, from: client)
        var statuses: [Int] = []
        for (path, tag) in zip(paths, before) {
            statuses.append(try await client.send("GET", path, headers: ["If-None-Match": tag]).status)
        }
        second.send(SIGTERM)
        _ = try await second.exitStatus()

        #expect(after == before)
        #expect(statuses == [304, 304, 304])
    }

    private static func client(of server: ChildProcess) async throws -> APIClient {
        let line = try await server.firstLine()
        let match = try #require(line.wholeMatch(of: /agora-server listening on (http:\/\/127\.0\.0\.1:\d+)/))
        return APIClient(baseURL: try #require(URL(string: String(match.1))))
    }

    private static func tags(of paths: [String], from client: APIClient) async throws -> [String] {
        var tags: [String] = []
        for path in paths {
            let response = try await client.get(path)
            #expect(response.status == 200, "\(path)")
            tags.append(try #require(response.headers["etag"], "\(path) has an ETag"))
        }
        return tags
    }
}
