import AgoraApp
import AgoraChildProcess
import AgoraMocks
import Foundation
import Testing

@testable import AgoraWeb

/// Several agora-web processes on one store of sessions (`--sessions-db` or `--sessions-url`):
/// any of them serves any visitor, as they left their session through another, and one killed
/// costs its visitors nothing but a rebuild. Over real HTTP on loopback.
@Suite("agora-web: sessions shared by several processes")
@MainActor
struct WebSessionsAcrossProcessesTests {
    /// Two agora-web on one store of sessions of `kind`, and one mock backend, as two processes
    /// in front of one agora-server would have.
    func withTwoWebApps(on kind: WebSessionStoreKind, _ body: (_ first: Int, _ second: Int) async throws -> Void) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let mock = MockService()
        let configuration: @MainActor @Sendable () -> AppConfiguration = { AppConfiguration(mode: .oss, mockService: mock) }
        try await withWebSessions(store: try await place.open(), configuration: configuration) { first, _ in
            try await withWebSessions(store: try await place.open(), configuration: configuration) { second, _ in
                try await body(first, second)
            }
        }
    }

    /// The same browser, sending its cookies to another agora-web.
    func sameBrowser(_ browser: Browser, at port: Int) -> Browser {
        let moved = Browser(port: port)
        moved.session = browser.session
        moved.device = browser.device
        return moved
    }

    @Test(
        "given two agora-web on one store of sessions, when a member logs in through one, then the other serves them logged in on their page, and what they do through it (the explorer, a logout) the first follows",
        arguments: WebSessionStoreKind.all)
    func aLoginIsEveryProcesss(kind: WebSessionStoreKind) async throws {
        try await withTwoWebApps(on: kind) { first, second in
            let throughFirst = Browser(port: first)
            try await throughFirst.get("/login")
            try await throughFirst.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await throughFirst.get("/events/2/comments")

            let throughSecond = sameBrowser(throughFirst, at: second)
            let page = try await throughSecond.get("/events/2/comments")
            #expect(page.setCookies.isEmpty, "the same session")
            #expect(page.body.contains("Logged in as Alice Martin"))
            #expect(!page.body.contains("id=\"explorer\""))

            // The first process still holds a composition of the session: it is older now.
            try await throughSecond.post("/_explorer", [("from", "/events/2/comments")])
            #expect(try await throughFirst.get("/events/2/comments").body.contains("id=\"explorer\""), "the first follows what the second did")

            try await throughSecond.post("/logout", [("from", "/events/2/comments")])

            throughFirst.session = throughSecond.session
            let after = try await throughFirst.get("/events")
            #expect(!after.body.contains("Logged in as Alice Martin"), "the first process follows the logout")
        }
    }

    @Test(
        "given a login waiting for its two-factor code through one agora-web, when the code is sent through the other, then the member is logged in",
        arguments: WebSessionStoreKind.all)
    func aPendingLoginCompletesThroughAnother(kind: WebSessionStoreKind) async throws {
        try await withTwoWebApps(on: kind) { first, second in
            let bob = Browser(port: first)
            try await bob.get("/login")
            let password = try await bob.post("/login", [("email", "bob@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(try await bob.follow(password).body.contains("name=\"code\""))

            let elsewhere = sameBrowser(bob, at: second)
            #expect(try await elsewhere.get("/login").body.contains("name=\"code\""), "the other process asks for the same code")
            let code = try await elsewhere.post("/login/code", [("code", "424242")])
            #expect(try await elsewhere.follow(code).body.contains("Logged in as Bob Okafor"))
        }
    }

    @Test(
        "given agora-web keeping its sessions in a store (--sessions-db, --sessions-url) and a member logged in through it, when it is killed with SIGKILL and another starts on the store, then the member's next page is served logged in",
        arguments: WebSessionStoreKind.all)
    func aKilledProcessCostsItsVisitorsNothing(kind: WebSessionStoreKind) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let arguments = ["--port", "0"] + place.arguments
        func start() async throws -> (ChildProcess, Int) {
            let web = try ChildProcess(built: "agora-web", arguments)
            let line = try await web.firstLine()
            let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")
            return (web, port)
        }
        let (killed, port) = try await start()
        let member = Browser(port: port)
        try await member.get("/login")
        try await member.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
        try await member.get("/events/3")
        killed.send(SIGKILL)
        _ = try await killed.exitStatus()

        let (next, nextPort) = try await start()
        let page = try await sameBrowser(member, at: nextPort).get("/events/3")

        #expect(page.status == 200)
        #expect(page.setCookies.isEmpty, "the same session")
        #expect(page.body.contains("Logged in as Alice Martin"))
        next.send(SIGTERM)
        #expect(try await next.exitStatus() == 0)
    }
}
