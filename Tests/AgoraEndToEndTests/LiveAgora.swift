import AgoraChildProcess
import Foundation

/// Runs `agora --live` as a user would, with commands piped in, against one server and one home:
/// the session and the cache a run leaves are there for the next run, as on a real machine.
struct LiveAgora {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var output: String { stdout + stderr }
    }

    let home: URL
    var serverURL: String

    /// Runs agora with `commands` on stdin, one per line; killed, and this throws, if it takes
    /// more than `timeout`.
    func run(_ commands: [String], mode: String = "--live", timeout: Duration = Hang.bound) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["AGORA_MODE"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_STATE_HOME"] = nil
        environment["HOME"] = home.path
        environment["AGORA_SERVER_URL"] = serverURL
        environment["AGORA_REQUEST_TIMEOUT"] = Hang.requestTimeoutMilliseconds
        let finished = try await ChildProcess.run(
            ChildProcess.built("agora"), [mode], environment: environment, input: Data((commands.joined(separator: "\n") + "\n").utf8), within: timeout)
        return Result(status: finished.ended.status, stdout: finished.stdout, stderr: finished.stderr)
    }
}
