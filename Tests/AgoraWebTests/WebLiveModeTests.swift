import AgoraApp
import AgoraChildProcess
import AgoraServer
import Testing

/// agora-web in live mode against a real agora-server in the test's process, both on loopback
/// ports: the same pages over the live service instead of the mock.
@Suite("agora-web: live mode against agora-server")
@MainActor
struct WebLiveModeTests {
    @Test("given agora-server with the demo data, when a member reads the events, logs in through an RSVP and posts, then the server has both")
    func flowsAgainstTheServer() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let address = server.baseURL.absoluteString
        do {
            try await withWebApp(configuration: { AppConfiguration(mode: .live, apiBaseURL: address, requestTimeout: Hang.bound) }) { port in
                let browser = Browser(port: port)
                let events = try await browser.get("/events")
                #expect(events.rowCount == 20)

                try await browser.get("/events/1")
                let rsvp = try await browser.post("/events/1/rsvp", [("going", "yes")])
                #expect(rsvp.header("Location") == "/login")
                let login = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
                #expect(login.header("Location") == "/events/1")
                #expect(try await browser.follow(login).body.contains("<p class=\"going\" data-state=\"you\">"))

                try await browser.get("/events/1/comments")
                try await browser.post("/events/1/comments", [("text", "Sent to the real server")])

                // A second browser is another session, logged out: it reads what the server stored.
                let other = Browser(port: port)
                #expect(try await other.get("/events/1/comments").body.contains("Sent to the real server"))
                #expect(try await other.get("/events/1").body.contains("Log in</a>"))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
