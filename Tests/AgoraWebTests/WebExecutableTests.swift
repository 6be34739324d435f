import AgoraChildProcess
import AgoraServer
import Foundation
import Testing

/// The built `agora-web`, as `Scripts/agora-web` and the browser tests run it.
@Suite("agora-web: the executable's output and options")
struct WebExecutableTests {
    @Test("given --port 0, when it listens, then stdout has exactly one line naming the URL, the URL serves, and SIGTERM stops it with status 0")
    func listensAndStopsOnSigterm() async throws {
        let web = try ChildProcess(built: "agora-web", ["--port", "0"])

        let line = try await web.firstLine()

        let match = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/), "\(line)")
        let port = try #require(Int(match.1))
        let root = try await Browser(port: port).get("/")
        #expect(root.status == 303)
        #expect(root.header("Location") == "/events")
        web.send(SIGTERM)
        #expect(try await web.exitStatus() == 0)
        let output = web.printed()
        #expect(output.stdout.isEmpty, "nothing after the one line: \(output.stdout)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test("given a live stream closed by its reader and one still open, when SIGTERM comes, then every stream ends and agora-web exits 0")
    func sigtermEndsOpenStreams() async throws {
        let web = try ChildProcess(built: "agora-web", ["--port", "0"])
        let line = try await web.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")
        let browser = Browser(port: port)
        try await browser.get("/events")
        do {
            _ = try await browser.openLive("/events")  // closed at once, as curl -N ended by Ctrl-C
        }
        let open = try await browser.openLive("/events")

        web.send(SIGTERM)

        // An open stream never ends by itself (a heartbeat keeps it): agora-web ends them.
        #expect(try await web.exitStatus() == 0)
        #expect(await open.readToClose().closed, "the open stream was closed, not left hanging")
    }

    @Test(
        "given a server that never answers, when a page is opened through agora-web with AGORA_REQUEST_TIMEOUT=300 and through one with an hour, then the first says the server took too long while the second still waits"
    )
    func requestTimeoutIsHonoured() async throws {
        let silent = try SilentListener()
        func web(timeout milliseconds: Int) async throws -> (ChildProcess, Int) {
            let web = try ChildProcess(
                built: "agora-web",
                ["--live", "--port", "0"],
                adding: ["AGORA_SERVER_URL": "http://127.0.0.1:\(silent.port)", "AGORA_REQUEST_TIMEOUT": "\(milliseconds)"])
            let line = try await web.firstLine()
            let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")
            return (web, port)
        }
        let (short, shortPort) = try await web(timeout: 300)
        let (long, longPort) = try await web(timeout: 3_600_000)
        // Asked first, so a setting ignored (the default is 10 s) would end it first.
        let waiting = try HTTPConnection(port: longPort)
        await waiting.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(longPort)\r\nConnection: close\r\n\r\n")

        let page = try await Browser(port: shortPort).get("/events")

        #expect(page.body.contains("The server took too long to answer."), "\(page.body.prefix(2_000))")
        #expect(await waiting.read(timeout: .zero).isEmpty, "the page with an hour to wait was answered before the one with 300 ms")
        short.send(SIGTERM)
        _ = try await short.exitStatus()
        // A graceful stop would wait out the hour for the request in flight.
        long.send(SIGKILL)
        _ = try await long.exitStatus()
    }

    @Test("given live mode, when 60 visitors each open a page, then agora-web holds a pool of connections to agora-server, not some for every session")
    @MainActor
    func liveSessionsShareTheirConnections() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let web = try ChildProcess(
            built: "agora-web",
            ["--live", "--port", "0", "--max-sessions-per-address", "1000"],
            adding: ["AGORA_SERVER_URL": server.baseURL.absoluteString, "AGORA_REQUEST_TIMEOUT": Hang.requestTimeoutMilliseconds])
        let line = try await web.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")

        for _ in 0..<60 {
            #expect(try await Browser(port: port).get("/events").rowCount == 20)
        }

        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(web.processIdentifier)/fd").count) ?? 0
        web.send(SIGTERM)
        _ = try await web.exitStatus()
        await server.stop()
        #if os(Linux)
        #expect(files > 0 && files < 60, "\(files) files open for 60 live sessions")
        #endif
    }

    @Test(
        "given a bad option or setting, then one line on stderr names it, nothing on stdout, and a non-zero status",
        arguments: [
            (["--port", "eighty"], [:], "--port"), (["--port", "70000"], [:], "--port"), (["--oss", "--live"], [:], "--oss and --live"),
            (["--port", "0"], ["AGORA_MOCK_LATENCY": "soon"], "AGORA_MOCK_LATENCY"), (["--max-sessions", "0"], [:], "--max-sessions"),
            (["--port", "0"], ["AGORA_REQUEST_TIMEOUT": "soon"], "AGORA_REQUEST_TIMEOUT"),
            (["--forwarded-header", "x-real-ip"], [:], "--forwarded-header"),
            (["--live", "--port", "0"], ["AGORA_SERVER_URL": "ftp://example.com"], "AGORA_SERVER_URL"),
            (["--sessions-url", "mysql://agora@127.0.0.1/agora"], [:], "is not a postgres:// URL"),
            (["--sessions-db", "/tmp/sessions.sqlite", "--sessions-url", "postgres://agora@127.0.0.1/agora"], [:], "--sessions-db and --sessions-url"),
            (["--port", "0", "--sessions-url", "postgres://agora@127.0.0.1:1/agora?sslmode=disable"], [:], "cannot connect: Connection refused"),
        ] as [([String], [String: String], String)]
    )
    func badOption(arguments: [String], environment: [String: String], named: String) async throws {
        let web = try ChildProcess(built: "agora-web", arguments, adding: environment)

        let status = try await web.exitStatus()

        let output = web.printed()
        #expect(status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("agora-web: "), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(named), "\(output.stderr)")
    }

    @Test(
        "given a port another agora-web listens on, when a second starts there, then one line says the address is in use and what to do, with no stray parenthesis"
    )
    func addressInUse() async throws {
        let first = try ChildProcess(built: "agora-web", ["--port", "0"])
        let line = try await first.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/)).1

        let second = try ChildProcess(built: "agora-web", ["--port", String(port)])
        let status = try await second.exitStatus()
        first.send(SIGTERM)

        #expect(status != 0)
        #expect(
            second.printed().stderr
                == "agora-web: cannot listen on 127.0.0.1:\(port): the address is already in use, by another agora-web or program: stop it, or pass another --port (0 picks a free one)\n"
        )
    }
}
