import Foundation
import Testing

/// The four features in live mode, end to end: `agora --live` (a child process, commands piped
/// in) against `agora-server` (a child process on an ephemeral loopback port, demo seed, SQLite
/// file). What the REPL shows is read from its output; what the server stored, over HTTP.
@Suite("Live mode end to end: agora --live against agora-server", .serialized, .timeLimit(.minutes(10)))
struct LiveModeEndToEndTests {
    @Test("events: the list and a detail come from the server")
    func events() async throws {
        let folder = try ScratchFolder("events")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)

        let run = try await agora.run(["open agora://events", "open 1", "quit"])

        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("Swift on the Server"))
        #expect(run.stdout.contains("Community Hall") || run.stdout.contains("Riverside Library") || run.stdout.contains("Venue"))
        #expect(!run.output.contains("error:"), "\(run.output)")
    }

    @Test("auth: Bob's login needs the two-factor code; the session is saved for the next run")
    func twoFactorLogin() async throws {
        let folder = try ScratchFolder("2fa")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)

        let login = try await agora.run([
            "login", "email bob@agora.example", "password agora-demo", "submit", "code 111111", "code 424242", "quit",
        ])
        #expect(login.status != 0, "the wrong code is an error, so the run reports a failure")
        #expect(login.output.contains("The code is wrong or has expired."), "\(login.output)")
        #expect(login.stdout.contains("Logged in as Bob Okafor."), "\(login.output)")

        let next = try await agora.run(["whoami", "quit"])
        #expect(next.stdout.contains("Logged in as Bob Okafor <bob@agora.example>."), "\(next.output)")
    }

    @Test("comments: a post reaches the server once; the author deletes it")
    func postAndDelete() async throws {
        let folder = try ScratchFolder("comments")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let query = ServerQuery(baseURL: server.baseURL)
        let text = "Live hello \(UInt32.random(in: 0...UInt32.max))"

        let post = try await agora.run([
            "login", "email alice@agora.example", "password agora-demo", "submit",
            "open agora://events/2/comments", "post \(text)", "quit",
        ])
        #expect(post.status == 0, "\(post.output)")
        #expect(try await query.commentBodies(eventID: 2).filter { $0 == text }.count == 1)

        let delete = try await agora.run(["open agora://events/2/comments", "delete 1", "quit"])
        #expect(delete.status == 0, "\(delete.output)")
        #expect(try await query.commentBodies(eventID: 2).contains(text) == false)
    }

    @Test("activities: the feed of the logged-in member comes from the server")
    func activities() async throws {
        let folder = try ScratchFolder("activities")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)

        let run = try await agora.run([
            "login", "email alice@agora.example", "password agora-demo", "submit", "open agora://activities", "quit",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("Activity"), "\(run.output)")
        #expect(run.stdout.contains("commented") || run.stdout.contains("going") || run.stdout.contains("starts"), "\(run.output)")
    }

    @Test("outbox: a comment posted while the server is down survives a restart and arrives exactly once")
    func outboxAcrossRestarts() async throws {
        let folder = try ScratchFolder("outbox")
        let database = folder.file("server.sqlite")
        var server = try ServerProcess(database: database, log: folder.file("server.log"))
        let port = server.port
        var agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let text = "Posted while offline \(UInt32.random(in: 0...UInt32.max))"

        // Logged in, comments seen once (so they are cached), then the server goes away.
        let online = try await agora.run([
            "login", "email alice@agora.example", "password agora-demo", "submit", "open agora://events/3/comments", "quit",
        ])
        #expect(online.status == 0, "\(online.output)")
        server.stop()

        let offline = try await agora.run(["open agora://events/3/comments", "post \(text)", "quit"])
        #expect(offline.output.contains(text), "the queued comment is on screen: \(offline.output)")
        #expect(offline.output.contains("cannot be reached"), "\(offline.output)")

        // The server comes back on the same port; a new REPL sends what the last one queued.
        server = try ServerProcess(database: database, log: folder.file("server.log"), port: port)
        defer { server.stop() }
        agora.serverURL = server.baseURL
        let back = try await agora.run(["open agora://events/3/comments", "quit"])
        #expect(back.status == 0, "\(back.output)")
        let query = ServerQuery(baseURL: server.baseURL)
        #expect(try await query.commentBodies(eventID: 3).filter { $0 == text }.count == 1)

        // Sending again (a retry, another start) never duplicates it.
        _ = try await agora.run(["open agora://events/3/comments", "retry", "quit"])
        #expect(try await query.commentBodies(eventID: 3).filter { $0 == text }.count == 1)
    }
}
