import AgoraChildProcess
import Foundation
import Testing

/// OSS mode runs on mocks: the process must not open a single network socket. `strace` sees every
/// `socket(2)` and `connect(2)` the process and its threads make; the live run is the control
/// that shows the check would catch one.
@Suite("OSS mode opens no network connection", .serialized, .timeLimit(.minutes(10)))
struct OSSNetworkTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The network system calls of one `agora` run: (`socket` and `connect` lines on IP families).
    func networkCalls(_ arguments: [String], folder: borrowing ScratchFolder, environment changes: [String: String] = [:]) async throws -> [String] {
        let trace = folder.file("trace-\(arguments.joined().hashValue).txt")
        var environment = ProcessInfo.processInfo.environment
        environment["AGORA_MODE"] = nil
        environment["HOME"] = folder.url.path
        environment.merge(changes) { $1 }
        let arguments = ["-f", "-qq", "-e", "trace=socket,connect", "-o", trace.path, ChildProcess.built("agora").path] + arguments
        _ = try await ChildProcess.run(
            URL(fileURLWithPath: Self.strace!), arguments, environment: environment, output: .null, error: .null)
        let text = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0.contains("AF_INET") }
    }

    @Test(
        "given OSS mode, when every feature is driven, then no IPv4 or IPv6 socket is opened",
        .enabled(if: OSSNetworkTests.strace != nil, "strace is not installed (Scripts/bootstrap installs it)")
    )
    func ossOpensNoSocket() async throws {
        let folder = try ScratchFolder("oss-network")
        let commands = """
            open agora://events; login; email alice@agora.example; password agora-demo; submit; open 1; rsvp yes; \
            comments; post no network; more; open agora://activities; whoami; logout; quit
            """
        let calls = try await networkCalls(["--oss", "-c", commands], folder: folder)
        #expect(calls.isEmpty, "OSS mode made network calls: \(calls)")
    }

    @Test(
        "control: the same check sees live mode connect to its server",
        .enabled(if: OSSNetworkTests.strace != nil, "strace is not installed (Scripts/bootstrap installs it)")
    )
    func liveConnects() async throws {
        let folder = try ScratchFolder("live-network")
        let calls = try await networkCalls(["--live", "-c", "open agora://events"], folder: folder, environment: ["AGORA_SERVER_URL": "http://127.0.0.1:9"])
        #expect(calls.contains { $0.contains("connect(") }, "expected a connect to 127.0.0.1:9, saw \(calls)")
    }
}
