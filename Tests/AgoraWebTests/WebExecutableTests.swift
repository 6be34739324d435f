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

    @Test("given a live stream closed by its reader and one still open, when SIGTERM comes, then every stream ends and agora-web exits 0 within 5 s")
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

        let started = ContinuousClock.now
        web.send(SIGTERM)

        #expect(try await web.exitStatus(within: .seconds(5)) == 0)
        #expect(ContinuousClock.now - started < .seconds(5))
        let reading = ContinuousClock.now
        _ = await open.read(timeout: .seconds(3))
        #expect(ContinuousClock.now - reading < .seconds(3), "the open stream was closed, not left hanging")
    }

    @Test(
        "given a server that never answers and AGORA_REQUEST_TIMEOUT=300, when a page is opened, then it says the server took too long within seconds, not ten")
    func requestTimeoutIsHonoured() async throws {
        let silent = try SilentListener()
        let web = try ChildProcess(
            built: "agora-web",
            ["--live", "--port", "0"], adding: ["AGORA_SERVER_URL": "http://127.0.0.1:\(silent.port)", "AGORA_REQUEST_TIMEOUT": "300"])
        let line = try await web.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-web: listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")

        let started = ContinuousClock.now
        let page = try await Browser(port: port).get("/events")

        // Ignoring the setting would wait for the default, 10 s; a busy machine can add seconds.
        #expect(ContinuousClock.now - started < .seconds(9), "waited \(ContinuousClock.now - started)")
        #expect(page.body.contains("The server took too long to answer."), "\(page.body.prefix(2_000))")
        web.send(SIGTERM)
        _ = try await web.exitStatus()
    }

    @Test("given live mode, when 60 visitors each open a page, then agora-web holds a pool of connections to agora-server, not some for every session")
    @MainActor
    func liveSessionsShareTheirConnections() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let web = try ChildProcess(
            built: "agora-web",
            ["--live", "--port", "0", "--max-sessions-per-address", "1000"], adding: ["AGORA_SERVER_URL": server.baseURL.absoluteString])
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
            (["--live", "--port", "0"], ["AGORA_SERVER_URL": "ftp://example.com"], "AGORA_SERVER_URL"),
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
