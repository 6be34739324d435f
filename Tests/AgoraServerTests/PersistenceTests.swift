import AgoraContract
import AgoraMocks
import AgoraServer
import Foundation
import Testing

@Suite("Persistence: a database file keeps what users did, and is seeded only when empty")
struct PersistenceTests {
    @Test(
        "given a seeded file database with a posted comment, when the server restarts with --seed demo on it, then the comment and the session are still there and nothing is seeded twice"
    )
    func restartKeepsUserData() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "agora-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = AgoraServerConfiguration.Database.file(path: directory.appending(path: "agora.sqlite").path)

        var token = ""
        var posted: Components.Schemas.Comment?
        try await TestServer.with({ $0.database = file }) { server in
            token = try await server.login(Demo.alice)
            posted = try await server.client.post("/v1/events/3/comments", #"{"body":"Still here after a restart?"}"#, token: token)
                .decode(Components.Schemas.Comment.self)
        }
        let comment = try #require(posted)

        try await TestServer.with({ $0.database = file }) { server in
            let page = try await server.client.get("/v1/events/3/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            #expect(page.items.first == comment)
            let event = try await server.client.get("/v1/events/3").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 3) + 1))
            let events = try await server.client.get("/v1/events?limit=100").decode(Components.Schemas.EventsPage.self)
            #expect(events.items.count == demoData.events.count)
            #expect(try await server.client.get("/v1/me", token: token).status == 200)
        }
    }

    @Test("given an empty file database started without a seed, when started again with the demo seed, then it is seeded")
    func seedsOnlyAnEmptyDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "agora-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = AgoraServerConfiguration.Database.file(path: directory.appending(path: "agora.sqlite").path)

        try await TestServer.with({
            $0.database = file
            $0.seed = .none
        }) { server in
            let events = try await server.client.get("/v1/events").decode(Components.Schemas.EventsPage.self)
            #expect(events.items.isEmpty)
        }
        try await TestServer.with({ $0.database = file }) { server in
            let events = try await server.client.get("/v1/events?limit=100").decode(Components.Schemas.EventsPage.self)
            #expect(events.items.count == demoData.events.count)
        }
    }

    @Test("given a server stopped and started again on the same port, then it answers there with the data it had, even in memory")
    func restartOnTheSamePort() async throws {
        let clock = ManualClock(referenceDate.addingTimeInterval(3_600))
        let server = try await AgoraServer(configuration: TestServer.configuration(clock: clock))
        let first = try await server.start()
        let client = APIClient(baseURL: first.baseURL)
        let login = try await client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        let token = try login.decode(Components.Schemas.Session.self).token
        let posted = try await client.post("/v1/events/4/comments", #"{"body":"posted before the restart"}"#, token: token)
        try #require(posted.status == 201)
        await first.stop()

        let again = try await server.start(port: first.port)

        #expect(again.port == first.port)
        let page = try await APIClient(baseURL: again.baseURL).get("/v1/events/4/comments?limit=1")
            .decode(Components.Schemas.CommentsPage.self)
        #expect(page.items.first?.body == "posted before the restart")
        await again.stop()
    }
}
