import AgoraChildProcess
import AgoraModels
import AgoraPostgresTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("agora-server: the executable's output, options and signals")
struct ExecutableTests {
    @Test("given --port 0, when it listens, then stdout has exactly one line naming the URL, the URL serves, and SIGTERM stops it with status 0")
    func listensAndStopsOnSigterm() async throws {
        let server = try ChildProcess(built: "agora-server", ["--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "warning"])

        let line = try await server.firstLine()

        let match = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/))
        let health = try await APIClient(baseURL: URL(string: "http://127.0.0.1:\(match.1)")!).get("/health")
        #expect(health.status == 200)
        server.send(SIGTERM)
        #expect(try await server.exitStatus() == 0)
        #expect(server.printed().stdout.isEmpty)
    }

    @Test("given SIGINT, then it stops gracefully with status 0", .timeLimit(.minutes(10)))
    func stopsOnSigint() async throws {
        let server = try ChildProcess(built: "agora-server", ["--port", "0"])
        _ = try await server.firstLine()

        server.send(SIGINT)

        #expect(try await server.exitStatus() == 0)
    }

    @Test(
        "given a bad option, then one line on stderr naming it, nothing on stdout, and a non-zero status",
        arguments: [
            ["--port", "eighty"], ["--seed", "everything"], ["--bcrypt-cost", "2"], ["--frobnicate"], ["--log-level", "loud"],
            ["--login-failures-per-account", "0"], ["--login-window", "0"], ["--idle-timeout", "0"], ["--max-connections", "0"],
            ["--trusted-proxy", "10.0.0.0/8"], ["--trusted-proxy", "localhost"], ["--allowed-host", "agora.example:443"],
            ["--comment-burst", "0"], ["--comments-per-minute", "0"], ["--password-check-queue", "-1"], ["--log-format", "xml"],
            ["--database-url", "mysql://agora@127.0.0.1/agora"], ["--database-url", "postgres://127.0.0.1/agora"],
            ["--database-url", "postgres://agora@127.0.0.1:5432"], ["--database-url", "postgres://agora@127.0.0.1/agora?sslmode=maybe"],
            ["--db", "agora.sqlite", "--database-url", "postgres://agora@127.0.0.1/agora"],
            ["--token-lifetime", "9223372036854775807"], ["--idle-timeout", "86401"], ["--max-connections", "1000001"],
            ["--forwarded-header", "x-real-ip"],
        ]
    )
    func badOption(arguments: [String]) async throws {
        let server = try ChildProcess(built: "agora-server", arguments)

        let status = try await server.exitStatus()

        let output = server.printed()
        #expect(status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("agora-server: "))
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(arguments[0]), "\(output.stderr)")
    }
}

@Suite("agora-server: its version and a port already taken")
struct ExecutableMessagesTests {
    @Test("given --version, then it prints the version and exits 0")
    func version() async throws {
        let server = try ChildProcess(built: "agora-server", ["--version"])

        #expect(try await server.exitStatus() == 0)
        #expect(server.printed().stdout == "\(AgoraVersion.current)\n")
    }

    @Test("given AGORA_DATABASE_URL that is not a postgres:// URL, then one line names it and what would be right")
    func malformedDatabaseURLInTheEnvironment() async throws {
        let server = try ChildProcess(built: "agora-server", [], adding: ["AGORA_DATABASE_URL": "agora.sqlite"])

        let status = try await server.exitStatus()

        let stderr = server.printed().stderr
        #expect(status != 0)
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(stderr.hasPrefix("agora-server: AGORA_DATABASE_URL: "), "\(stderr)")
        #expect(stderr.contains("'agora.sqlite' is not a postgres:// URL; expected postgres://USER@HOST:PORT/DATABASE"), "\(stderr)")
    }

    @Test("given a PostgreSQL URL where nothing listens, then one line names the database and why, at once")
    func unreachableDatabase() async throws {
        let port = try PostgresTestCluster.freePort()
        let server = try ChildProcess(built: "agora-server", ["--database-url", "postgres://agora:secret@127.0.0.1:\(port)/agora?sslmode=disable"])

        let status = try await server.exitStatus()

        let stderr = server.printed().stderr
        #expect(status != 0)
        #expect(stderr.hasPrefix("agora-server: cannot open the database postgres://agora@127.0.0.1:\(port)/agora: "), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(!stderr.contains("secret"), "\(stderr)")
    }

    @Test(
        "given a port another server listens on, when a second starts there, then one line says the address is in use and what to do, with no stray parenthesis"
    )
    func addressInUse() async throws {
        let first = try ChildProcess(built: "agora-server", ["--port", "0"])
        let line = try await first.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/)).1

        let second = try ChildProcess(built: "agora-server", ["--port", String(port)])
        let status = try await second.exitStatus()
        first.send(SIGTERM)

        #expect(status != 0)
        #expect(
            second.printed().stderr
                == "agora-server: cannot serve on 127.0.0.1:\(port): the address is already in use, by another agora-server or program: stop it, or pass another --port (0 picks a free one)\n"
        )
    }
}
