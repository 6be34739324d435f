import AgoraApp
import AgoraArchitecture
import AgoraChildProcess
import AgoraDI
import AgoraServer
import Foundation
import Testing

@testable import AgoraWeb

/// What a visitor opens ends when the visitor goes, and no visitor can push another out: counted
/// over real HTTP on loopback, from several client addresses (127.0.1.x).
@Suite("agora-web: streams and sessions end, and members stay")
@MainActor
struct WebSessionLifecycleTests {
    @Test("given 40 live streams opened and closed by their readers, when a heartbeat has passed, then none is kept and no file is left open")
    func closedStreamsAreLetGo() async throws {
        try await withWebSessions(liveHeartbeat: .milliseconds(100)) { port, sessions in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let filesBefore = openFileCount()
            for _ in 0..<40 {
                let stream = try await browser.openLive("/events/1/comments")
                _ = stream  // closed when it goes out of scope, as a browser leaving the page does
            }
            try await waitUntil("every stream ended") { sessions.liveStreamCount == 0 }
            try await waitUntil("the streams' files are closed (\(openFileCount()) open, \(filesBefore) before)") {
                openFileCount() <= filesBefore + 2
            }
            // The page still follows its changes for a reader who stays.
            let kept = try await browser.openLive("/events/1/comments")
            #expect(sessions.liveStreamCount == 1)
            _ = kept
        }
    }

    @Test(
        "given a session that holds 2 live streams, when it opens a third, then the oldest says `event: replaced` and closes, and the two newest stay"
    )
    func aSessionsOldestStreamMakesWay() async throws {
        try await withWebSessions(maximumStreamsPerSession: 2) { port, sessions in
            let browser = Browser(port: port)
            try await browser.get("/events")
            let oldest = try await browser.openLive("/events")
            let middle = try await browser.openLive("/events")
            let newest = try await browser.openLive("/events")

            let (said, closed) = await oldest.readToClose()

            #expect(said.contains("event: replaced\ndata: \n\n") && closed, "the oldest stream: \(said)")
            #expect(sessions.liveStreamCount == 2)
            withExtendedLifetime((middle, newest)) {}
        }
    }

    @Test(
        "given one address that holds 3 live streams, when 3 of its sessions open 2 each, then the 3 oldest are replaced and closed, and a visitor from another address still opens one"
    )
    func anAddressesStreamsMakeWayOldestFirst() async throws {
        try await withWebSessions(maximumStreamsPerAddress: 3) { port, sessions in
            var streams: [HTTPConnection] = []
            for _ in 0..<3 {
                let browser = Browser(port: port, from: "127.0.1.9")
                try await browser.get("/events")
                streams.append(try await browser.openLive("/events"))
                streams.append(try await browser.openLive("/events"))
            }
            #expect(sessions.liveStreamCount == 3)
            for stream in streams.prefix(3) {
                let (said, closed) = await stream.readToClose()
                #expect(said.contains("event: replaced") && closed, "\(said)")
            }

            let newcomer = Browser(port: port, from: "127.0.1.10")
            try await newcomer.get("/events")
            let theirs = try await newcomer.openLive("/events")

            #expect(sessions.liveStreamCount == 4, "the newcomer's stream replaced nobody's")
            withExtendedLifetime((streams, theirs)) {}
        }
    }

    @Test(
        "given more cookie-less visitors than the compositions' limit, when they come and go, then every composition let go is freed, and its record stays"
    )
    func compositionsLetGoAreFreed() async throws {
        try await withWebSessions(maximumCompositions: 5) { port, sessions in
            var seen: [WeakSession] = []
            for _ in 0..<30 {
                try await Browser(port: port).get("/events")
                for session in sessions.all where !seen.contains(where: { $0.session === session }) {
                    seen.append(WeakSession(session))
                }
            }
            #expect(seen.count == 30)
            try await waitUntil("compositions let go are freed (\(seen.count { $0.session != nil }) alive)") {
                seen.count { $0.session != nil } == sessions.compositionCount
            }
            #expect(sessions.compositionCount == 5)
            #expect(sessions.count == 30, "every visitor's session is still there, as a record")
            #expect(seen.count { $0.application != nil } == 5, "each composition goes whole")
            #expect(seen.count { $0.container != nil } == 5, "with its container, every registration and cache")
            #expect(seen.count { $0.store != nil } == 5, "and its session store, with what each feature clears at a logout")
        }
    }

    @Test("given more sessions than the sessions' limit, when cookie-less visitors keep coming, then the oldest readers' records end, and no more are kept")
    func recordsAreBounded() async throws {
        try await withWebSessions(maximumSessions: 5, maximumCompositions: 2) { port, sessions in
            let first = Browser(port: port)
            try await first.get("/events")
            for _ in 0..<20 { try await Browser(port: port).get("/events") }

            #expect(sessions.count == 5)
            #expect(sessions.compositionCount == 2)
            #expect(try await first.get("/events").setCookies.count == 1, "the first reader's session ended: it is given a new one")
        }
    }

    @Test(
        "given a member logged in, when 60 cookie-less visitors come from two addresses, then the member stays logged in and the flood holds at most its share")
    func anonymousVisitorsNeverEvictMembers() async throws {
        try await withWebSessions(maximumSessions: 20, maximumPerAddress: 8) { port, sessions in
            let member = Browser(port: port, from: "127.0.1.1")
            try await member.get("/login")
            try await member.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            let reader = Browser(port: port, from: "127.0.1.3")
            try await reader.get("/events")

            for index in 0..<60 {
                let visitor = Browser(port: port, from: index.isMultiple(of: 2) ? "127.0.1.2" : "127.0.1.1")
                let page = try await visitor.get("/events")
                #expect(page.status == 200)
            }

            #expect(try await member.get("/events").body.contains("Logged in as Alice Martin"), "the member was never pushed out")
            #expect(sessions.allRecords.count { $0.address == "127.0.1.2" } == 8, "one address holds its share")
            #expect(sessions.allRecords.count { $0.address == "127.0.1.1" } == 8, "the member's address too, the member among them")
            let kept = try await reader.get("/events")
            #expect(kept.setCookies.isEmpty, "another address's reader keeps its session")
        }
    }

    @Test(
        "given live mode against agora-server, when 40 visitors come and go past a limit of 5 sessions, then the files open stay those of 5 sessions"
    )
    func endedLiveSessionsCloseTheirConnections() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let address = server.baseURL.absoluteString
        do {
            try await withWebSessions(maximumSessions: 5, configuration: { AppConfiguration(mode: .live, apiBaseURL: address, requestTimeout: Hang.bound) }) {
                port, _ in
                for _ in 0..<5 { try await Browser(port: port).get("/events") }
                let withFive = openFileCount()
                for _ in 0..<40 { try await Browser(port: port).get("/events") }
                try await waitUntil("the ended sessions' connections are closed (\(openFileCount()) open, \(withFive) with 5 sessions)") {
                    openFileCount() <= withFive + 4
                }
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test(
        "given only members' sessions at the sessions' limit, when a new visitor comes, then it is served, and only the member least recently seen makes way"
    )
    func fullOfMembersStillServesNewcomers() async throws {
        try await withWebSessions(maximumSessions: 2) { port, _ in
            let (alice, frank) = (Browser(port: port), Browser(port: port))
            for (browser, email) in [(alice, "alice@agora.example"), (frank, "frank@agora.example")] {
                try await browser.get("/login")
                try await browser.post("/login", [("email", email), ("password", "agora-demo")])
            }
            let newcomer = try await Browser(port: port).get("/events")

            #expect(newcomer.status == 200)
            #expect(try await frank.get("/events").body.contains("Logged in as Frank Newman"))
            #expect(!(try await alice.get("/events").body.contains("Logged in as Alice Martin")), "the least recently seen made way")
        }
    }

    @Test(
        "given one account logged in 40 times from 4 addresses, when a newcomer comes, then the events and the login answer, and compositions stay within their limit"
    )
    func oneAccountCannotFillTheApp() async throws {
        try await withWebSessions(maximumCompositions: 6) { port, sessions in
            var members: [Browser] = []
            for index in 0..<40 {
                let member = Browser(port: port, from: "127.0.1.\(20 + index % 4)")
                try await member.get("/login")
                try await member.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
                members.append(member)
            }
            #expect(sessions.compositionCount <= 6)

            let newcomer = Browser(port: port, from: "127.0.1.30")
            #expect(try await newcomer.get("/events").status == 200)
            #expect(try await newcomer.get("/login").status == 200)
            let login = try await newcomer.post("/login", [("email", "frank@agora.example"), ("password", "agora-demo")])
            #expect(try await newcomer.follow(login).body.contains("Logged in as Frank Newman"))
            #expect(try await members[0].get("/events").body.contains("Logged in as Alice Martin"), "the first login, made again, is still logged in")
            #expect(sessions.compositionCount <= 6)
        }
    }

    @Test(
        "given a member on an event's comments, when every composition is let go for others, then the next request makes theirs again: logged in, on the same page"
    )
    func aCompositionLetGoIsMadeAgainAsItWas() async throws {
        try await withWebSessions(maximumCompositions: 2) { port, sessions in
            let member = Browser(port: port)
            try await member.get("/login")
            try await member.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await member.get("/events/2")
            let before = try await member.get("/events/2/comments")
            // Held weakly from here: only agora-web keeps the composition alive.
            let (stackBefore, composition) = try { () throws -> ([String], WeakSession) in
                let theirs = try #require(sessions.all.first { $0.isLoggedIn })
                return (theirs.application.coordinator.stack.value.map(\.route.path), WeakSession(theirs))
            }()

            for _ in 0..<5 { try await Browser(port: port).get("/events") }
            try await waitUntil("their composition is freed") { composition.session == nil }

            let after = try await member.get("/events/2/comments")
            #expect(after.setCookies.isEmpty, "the same session")
            #expect(after.body.contains("Logged in as Alice Martin"))
            #expect(after.rowCount == before.rowCount)
            let stack = try #require(sessions.all.first { $0.isLoggedIn }).application.coordinator.stack.value.map(\.route.path)
            #expect(stackBefore == ["events/2", "events/2/comments"])
            #expect(stack == stackBefore, "the page below too, for Back")
        }
    }

    @Test(
        "given a login waiting for its two-factor code, when 50 visitors churn every composition out, then the code still completes the login"
    )
    func aPendingLoginSurvivesChurn() async throws {
        try await withWebSessions(maximumCompositions: 3) { port, _ in
            let bob = Browser(port: port)
            try await bob.get("/login")
            let password = try await bob.post("/login", [("email", "bob@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(try await bob.follow(password).body.contains("name=\"code\""))

            for index in 0..<50 {
                let visitor = Browser(port: port, from: "127.0.1.\(40 + index % 5)")
                try await visitor.get("/login")
                try await visitor.post("/_explorer", [("from", "/login")])
            }

            #expect(try await bob.get("/login").body.contains("name=\"code\""), "the page still asks for the code")
            let code = try await bob.post("/login/code", [("code", "424242")])
            #expect(code.header("Location") == "/events")
            #expect(try await bob.follow(code).body.contains("Logged in as Bob Okafor"))
        }
    }

    @Test(
        "given a comment written logged out and the login it waits for open, when visitors churn every composition out, then the login posts it, and the visitor lands on it"
    )
    func aCommentWaitingForTheLoginSurvivesChurn() async throws {
        try await withWebSessions(maximumCompositions: 2) { port, _ in
            let visitor = Browser(port: port)
            try await visitor.get("/events/1/comments")
            let post = try await visitor.post("/events/1/comments", [("text", "Typed before the churn"), ("action", "post")])
            #expect(post.header("Location") == "/login")

            for _ in 0..<10 { try await Browser(port: port, from: "127.0.1.50").get("/events") }

            let login = try await visitor.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(login.header("Location") == "/events/1/comments")
            let page = try await visitor.follow(login).body
            #expect(page.contains("Typed before the churn"))
            #expect(page.contains("Alice Martin (you)"))
            #expect(!page.contains("waiting for login"))
        }
    }

    @Test("given a session id planted before a login, when the visitor logs in and out, then each gives a new id and the old ones open nothing")
    func loginAndLogoutReissueTheSessionID() async throws {
        try await withWebSessions { port, _ in
            let victim = Browser(port: port)
            try await victim.get("/login")
            let planted = try #require(victim.session)
            let login = try await victim.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            let loggedIn = try #require(victim.session)
            #expect(loggedIn != planted)
            #expect(login.setCookies.contains { $0.hasPrefix("agora_session=\(loggedIn)") })

            let attacker = Browser(port: port)
            attacker.session = planted
            let page = try await attacker.get("/events")
            #expect(!page.body.contains("Logged in as"), "the planted id is dead")
            #expect(attacker.session != planted, "and a new session was made for it")

            try await victim.get("/events")
            try await victim.post("/logout", [("from", "/events")])
            #expect(victim.session != loggedIn)
            attacker.session = loggedIn
            #expect(!(try await attacker.get("/events").body.contains("Logged in as")), "the member's id is dead after the logout")
        }
    }
}

/// A session seen once, held weakly: `nil` once it is freed.
@MainActor
private struct WeakSession {
    weak var session: WebSession?
    weak var application: AgoraApplication?
    weak var container: Container?
    weak var store: SessionStore?

    init(_ session: WebSession) {
        self.session = session
        application = session.application
        container = session.application.container
        store = session.application.sessions
    }
}

/// How many files this process has open.
func openFileCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}

/// Waits until `condition` holds, checking every 20 ms; past the hang bound, fails naming `what`.
@MainActor
func waitUntil(_ what: @autoclosure () -> String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + Hang.bound
    while !condition() {
        guard ContinuousClock.now < deadline else { throw BrowserError("timed out waiting until \(what())") }
        try await Task.sleep(for: .milliseconds(20))
    }
}
