import Foundation
import Testing

/// `AGORA_LOG` and `--verbose`: the live client's requests, one line each on standard error.
@Suite("Request logging on the command line")
struct RequestLoggingTests {
    /// Live mode against a loopback port where nothing listens: the request fails at once.
    static let nowhere = ["AGORA_SERVER_URL": "http://127.0.0.1:9"]

    @Test(
        "given --verbose in live mode, when the events are opened, then standard error has the request's line, and standard output none",
        arguments: [
            (["--live", "--verbose"], [String: String]()), (["--live"], ["AGORA_LOG": "debug"]),
        ])
    func requestLineOnStandardError(arguments: [String], environment: [String: String]) async throws {
        let run = try await AgoraProcess.run(arguments + ["-c", "open agora://events"], environment: Self.nowhere.merging(environment) { $1 })

        #expect(run.stderr.contains("GET /v1/events failed after"), "\(run.stderr)")
        #expect(!run.stdout.contains("/v1/events"), "\(run.stdout)")
    }

    @Test("given no AGORA_LOG, when the events are opened, then no request line is written")
    func quietByDefault() async throws {
        let run = try await AgoraProcess.run(["--live", "-c", "open agora://events"], environment: Self.nowhere)

        #expect(!run.stderr.contains("/v1/events"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot be reached"), "\(run.stderr)")
    }

    @Test("given AGORA_LOG that is no level, then agora stops with one line naming the levels, status 2")
    func badLevel() async throws {
        let run = try await AgoraProcess.run(["--oss", "-c", "quit"], environment: ["AGORA_LOG": "loud"])

        #expect(run.status == 2)
        #expect(
            run.stderr
                == "error: AGORA_LOG='loud' is not a log level; use one of trace, debug, info, notice, warning, error, critical (debug shows each request).\n")
    }
}
