import AgoraChildProcess
import AgoraContract
import AgoraPostgresTesting
import Foundation
import Testing

/// `Scripts/agora-cluster` as a user runs it: PostgreSQL, two `agora-server` processes and nginx
/// in front of them, checked over real HTTP on 127.0.0.1 through nginx's one port, then stopped
/// with Ctrl-C's signal. nginx sends requests to the servers in turn, so consecutive requests
/// reach both.
@Suite("Scripts/agora-cluster: servers behind nginx answer as one, and Ctrl-C leaves nothing behind", .enabled(if: StoreKind.all.contains(.postgres)))
struct ClusterScriptTests {
    /// The repository's root, from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What the script prints on standard error once everything listens.
    private struct Parts {
        let serverPorts: [Int]
        let postgresPort: Int
        let folder: String
        var webPorts: [Int] = []
    }

    @Test(
        """
        given a cluster of 2 servers behind nginx, then /health/ready answers through nginx, a token from a login works whichever server answers, \
        a comment posted is in the very next read and in a stream of the event's changes through nginx, a member's answers through either server in their own stream through nginx, 12 wrong passwords from one client meet the limit of 10 though nginx splits them and \
        the client names others in forwarding headers, while another client still logs in, /metrics gets through in no spelling; \
        streams through nginx on a server killed with SIGKILL reconnect to the other and miss no comment; \
        a member logged in through its 2 agora-web is so on each, and still after one is killed; and \
        after SIGINT no process, port or folder of it is left
        """,
        .timeLimit(.minutes(10)))
    func clusterAnswersAsOneAndStopsClean() async throws {
        guard Self.nginxIsInstalled else {
            Issue.record("nginx is not installed (not on PATH nor in /usr/sbin): run Scripts/bootstrap, or set AGORA_SKIP_POSTGRES=1 to leave this test out")
            return
        }
        // ChildProcess starts bash with no signal blocked, so its traps run.
        let cluster = try ChildProcess(
            URL(fileURLWithPath: "/bin/bash"),
            [
                Self.repository.appending(path: "Scripts/agora-cluster").path, "2", "--port", "0", "--web", "2", "--keep-going",
                "--", "--bcrypt-cost", "4", "--log-level", "notice",
            ],
            environment: ProcessInfo.processInfo.environment.merging([
                "AGORA_SERVER_BIN": ChildProcess.built("agora-server").path, "AGORA_WEB_BIN": ChildProcess.built("agora-web").path,
                "AGORA_POSTGRES_BIN": PostgresTestCluster.binaries,
            ]) { _, given in given })
        let line = try await cluster.firstLine()
        guard
            let match = line.wholeMatch(
                of:
                    /agora-cluster: (http:\/\/127\.0\.0\.1:(\d+)) \(2 servers on PostgreSQL 15, nginx in front\), agora-web http:\/\/127\.0\.0\.1:(\d+) \(2 processes\); Ctrl-C stops all/
            )
        else {
            cluster.send(SIGTERM)
            _ = try? await cluster.exitStatus()
            Issue.record("agora-cluster did not start: \(line.isEmpty ? cluster.printed().stderr : line)")
            return
        }
        let nginxPort = try #require(Int(match.2))
        let webPort = try #require(Int(match.3))
        var parts = try Self.parts(from: try await cluster.firstLine(of: cluster.errorOutput))
        parts.webPorts = try Self.webPorts(from: try await cluster.firstLine(of: cluster.errorOutput))
        let client = APIClient(baseURL: try #require(URL(string: String(match.1))))

        // Ready, through nginx.
        let ready = try await client.get("/health/ready")
        #expect(ready.status == 200)
        #expect(ready.headers["server"] == "nginx")

        // A token from one login works on every server, and through nginx on whichever answers.
        let token = try await Self.login(client, Demo.alice)
        for port in parts.serverPorts {
            let direct = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            #expect(try await direct.get("/v1/me", token: token).status == 200)
        }
        var meStatuses: [Int] = []
        for _ in 1...4 { meStatuses.append(try await client.get("/v1/me", token: token).status) }
        #expect(meStatuses == [200, 200, 200, 200])

        // A stream of event 3's changes through nginx, unbuffered, has the comments below as they
        // are posted, whichever server each reaches.
        let stream = try EventStream(port: nginxPort, eventID: 3)
        #expect(await stream.block(containing: ": following event 3") != nil)

        // A comment posted through one server is in the next read, served by the other.
        for index in 1...2 {
            let posted = try await client.post("/v1/events/3/comments", #"{"body":"Through nginx \#(index)"}"#, token: token)
            try #require(posted.status == 201, "post: \(posted.status) \(posted.text)")
            let page = try await client.get("/v1/events/3/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            #expect(try page.items.first == posted.decode(Components.Schemas.Comment.self))
        }

        #expect(await stream.block(containing: "Through nginx 1") != nil)
        #expect(await stream.block(containing: "Through nginx 2") != nil)
        stream.close()

        // Alice's own stream through nginx hears her answers, whichever server takes them.
        let aliceID = try await client.get("/v1/me", token: token).decode(Components.Schemas.User.self).id
        let events = try await client.get("/v1/events?limit=50", token: token).decode(Components.Schemas.EventsPage.self).items
        let guestOf = try #require(events.first { $0.hostID != aliceID }?.id, "an event Alice does not host")
        let mine = try EventStream(port: nginxPort, path: "/v1/me/changes", token: token)
        #expect(await mine.block(containing: ": following member \(aliceID)") != nil)
        for (index, port) in parts.serverPorts.enumerated() {
            let going = index.isMultiple(of: 2)
            let server = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            #expect(try await server.send("PUT", "/v1/events/\(guestOf)/rsvp", body: #"{"going":\#(going)}"#, token: token).status == 200)
            let heard = await mine.block(containing: "event: rsvp")
            #expect(heard?.contains(#""isGoing":\#(going)"#) == true, "answer \(index + 1): \(heard ?? "none")")
        }
        mine.close()

        // Wrong passwords from 127.0.0.2, each naming another client in forwarding headers: nginx
        // forwards 127.0.0.2 as the client, and the limit per account from an address (10)
        // counts them on both servers; Carol from 127.0.0.1 is another address and still logs in.
        let wrong = #"{"email":"carol@agora.example","password":"not-her-password"}"#
        var wrongStatuses: [Int] = []
        for index in 1...12 {
            let head = Self.loginHead + "X-Forwarded-For: 203.0.113.\(index)\r\nForwarded: for=198.51.100.\(index)\r\n"
            let answer = try await RawConnection.exchange(port: nginxPort, head, body: wrong, from: "127.0.0.2")
            wrongStatuses.append(RawLogin.status(of: answer))
        }
        #expect(wrongStatuses == Array(repeating: 401, count: 10) + [429, 429])
        _ = try await Self.login(client, Demo.carol)

        // Each server's metrics are for a scraper on its own port: nginx passes no spelling of
        // the path, and a server answers only a reader on its own machine.
        for path in ["/metrics", "/metrics/", "//metrics", "/%6Detrics", "/v1/../metrics", "/v1/%2E%2E/metrics", "/health/../metrics"] {
            let answer = try await RawConnection.exchange(port: nginxPort, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n", body: "", from: "127.0.0.2")
            #expect(answer.hasPrefix("HTTP/1.1 404"), "\(path) through nginx: \(answer.prefix(200))")
        }
        let serverPort = try #require(parts.serverPorts.first)
        let direct = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(serverPort)")))
        #expect(try await direct.get("/metrics").status == 200, "a scraper on the server's own machine reads them")

        // One server killed as in a crash while four streams of event 4 follow through nginx
        // (two on each): those on it end, reconnect through nginx to the other with the id of
        // the last change they had, and miss none of the comments posted meanwhile.
        var streams = try (1...4).map { _ in try EventStream(port: nginxPort, eventID: 4) }
        for stream in streams { #expect(await stream.block(containing: ": following event 4") != nil) }
        var lastIDs: [String] = []
        let before = try await client.post("/v1/events/4/comments", #"{"body":"Before the kill"}"#, token: token)
        try #require(before.status == 201, "post: \(before.status) \(before.text)")
        for stream in streams {
            let block = try #require(await stream.block(containing: "Before the kill"), "a stream through nginx did not have the comment")
            lastIDs.append(try #require(block.firstMatch(of: /id: (\d+)/).map { String($0.1) }))
        }
        // The cluster's servers, not those other tests run: they name its database.
        let servers = Self.processes(mentioning: "--database-url postgres://postgres@127.0.0.1:\(parts.postgresPort)/agora?").compactMap {
            Int($0.prefix { $0.isNumber })
        }
        try #require(servers.count == 2, "\(servers)")
        kill(pid_t(try #require(servers.max())), SIGKILL)
        let after = (1...3).map { "After the kill \($0)" }
        for body in after {
            // nginx passes a request the dead server refused to the other; one it cannot place is
            // 502 and was not stored.
            var status = 0
            for _ in 1...10 where status != 201 {
                status = try await client.post("/v1/events/4/comments", #"{"body":"\#(body)"}"#, token: token).status
            }
            try #require(status == 201, "the post of \(body) through nginx after the kill")
        }
        var reconnected = 0
        for index in streams.indices {
            var heard = await streams[index].comments(untilEndOr: after.last)
            if heard == nil {
                // The stream was on the killed server: again through nginx, from the last id it had.
                reconnected += 1
                streams[index] = try EventStream(port: nginxPort, eventID: 4, lastEventID: lastIDs[index])
                heard = await streams[index].comments(untilEndOr: after.last)
            }
            #expect(heard?.map(\.body) == after, "stream \(index + 1) heard \(heard.map { $0.map(\.body) } ?? [])")
            streams[index].close()
        }
        #expect(reconnected > 0, "no stream was on the killed server")
        var stopped: [String] = []
        for _ in 1...3 where !stopped.contains(where: { $0.contains("agora-server") && $0.contains("stopped; the others go on (--keep-going)") }) {
            stopped.append(try await cluster.firstLine(of: cluster.errorOutput))
        }
        #expect(stopped.contains { $0.contains("agora-server") && $0.contains("stopped; the others go on (--keep-going)") }, "\(stopped)")

        // agora-web: a member logged in through nginx is logged in on each process, which share
        // their sessions in PostgreSQL; with one killed, nginx's next page comes from the other, still so.
        let cookie = try await Self.webLogin(port: webPort)
        for port in parts.webPorts {
            #expect(try await Self.webPage(port: port, cookie: cookie).contains("Logged in as Alice Martin"), "agora-web on \(port)")
        }
        let firstWeb = try #require(
            Self.processes(mentioning: "--sessions-url postgres://postgres@127.0.0.1:\(parts.postgresPort)/agora_web").compactMap {
                Int($0.prefix { $0.isNumber })
            }.min())
        kill(pid_t(firstWeb), SIGKILL)
        for _ in 1...3 {
            #expect(try await Self.webPage(port: webPort, cookie: cookie).contains("Logged in as Alice Martin"), "through nginx, after a kill")
        }
        // The script looks at its processes once a second: it says the killed one stopped (bash may
        // say it was killed first).
        var said: [String] = []
        for _ in 1...3 where !said.contains(where: { $0.contains("stopped; the others go on (--keep-going)") }) {
            said.append(try await cluster.firstLine(of: cluster.errorOutput))
        }
        #expect(said.contains { $0.contains("agora-web") && $0.contains("stopped; the others go on (--keep-going)") }, "\(said)")

        // Ctrl-C stops everything and deletes the folder.
        cluster.send(SIGINT)
        #expect(try await cluster.exitStatus() == 130)
        let output = cluster.printed()
        #expect(!output.stderr.contains("error"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: parts.folder), "\(parts.folder) is left")
        for port in [nginxPort, webPort, parts.postgresPort] + parts.serverPorts + parts.webPorts {
            #expect((try? RawConnection(port: port)) == nil, "something still listens on 127.0.0.1:\(port)")
        }
        #expect(Self.processes(mentioning: parts.folder).isEmpty, "processes left: \(Self.processes(mentioning: parts.folder))")
        #expect(
            Self.processes(mentioning: "127.0.0.1:\(parts.postgresPort)/agora").isEmpty,
            "agora-servers or agora-web left: \(Self.processes(mentioning: "127.0.0.1:\(parts.postgresPort)/agora"))")
    }

    private static let loginHead = "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"

    private static func login(_ client: APIClient, _ email: String) async throws -> String {
        let response = try await client.post("/v1/sessions", #"{"email":"\#(email)","password":"agora-demo"}"#)
        try #require(response.status == 201, "login of \(email): \(response.status) \(response.text)")
        return try response.decode(Components.Schemas.Session.self).token
    }

    /// Whether nginx is where the script looks: on `PATH`, or where Debian installs it.
    private static var nginxIsInstalled: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"])
            .contains { FileManager.default.isExecutableFile(atPath: $0 + "/nginx") }
    }

    /// Reads `agora-cluster: servers on 127.0.0.1 ports 4101 4102, PostgreSQL on 4100; logs in /tmp/agora-cluster.x/logs`.
    private static func parts(from line: String) throws -> Parts {
        let match = try #require(
            line.wholeMatch(of: /agora-cluster: servers on 127\.0\.0\.1 ports ([\d ]+), PostgreSQL on (\d+); logs in (\/.+)\/logs/), "\(line)")
        return Parts(
            serverPorts: match.1.split(separator: " ").compactMap { Int($0) }, postgresPort: try #require(Int(match.2)), folder: String(match.3))
    }

    /// Reads `agora-cluster: agora-web on 127.0.0.1 ports 4103 4104`.
    private static func webPorts(from line: String) throws -> [Int] {
        let match = try #require(line.wholeMatch(of: /agora-cluster: agora-web on 127\.0\.0\.1 ports ([\d ]+)/), "\(line)")
        return match.1.split(separator: " ").compactMap { Int($0) }
    }

    /// Logs alice in through agora-web at `port` as a browser would (the login page, its form
    /// with the page's token); the session cookie (`agora_session=…`) the login set.
    private static func webLogin(port: Int) async throws -> String {
        let page = try await RawConnection.exchange(port: port, "GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let cookie = try #require(page.firstMatch(of: /Set-Cookie: (agora_session=[0-9a-f]+)/).map { String($0.1) }, "\(page.prefix(300))")
        let token = try #require(page.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/).map { String($0.1) })
        let form = "email=alice%40agora.example&password=agora-demo&csrf=\(token)"
        let login = try await RawConnection.exchange(
            port: port, "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\n", body: form)
        return try #require(login.firstMatch(of: /Set-Cookie: (agora_session=[0-9a-f]+)/).map { String($0.1) }, "\(login.prefix(300))")
    }

    /// The text of `/events` from agora-web at `port`, sent `cookie`.
    private static func webPage(port: Int, cookie: String) async throws -> String {
        try await RawConnection.exchange(port: port, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n")
    }

    /// The command lines of this machine's processes that contain `text` (from /proc).
    private static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { $0.allSatisfy(\.isNumber) }.compactMap { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return nil }
            let command = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return command.contains(text) ? "\(id): \(command)" : nil
        }
    }
}
