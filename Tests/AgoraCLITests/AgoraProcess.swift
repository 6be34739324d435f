import AgoraChildProcess
import Foundation

/// Runs the built `agora` executable as a user would, with stdin from a pipe.
struct AgoraProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `agora` binary next to this test bundle in the build folder.
    static var executable: URL { ChildProcess.built("agora") }

    static func run(_ arguments: [String] = [], input: String = "", environment: [String: String] = [:]) async throws -> Result {
        try await run(arguments, bytes: Data(input.utf8), environment: environment)
    }

    /// Runs agora with `bytes` on its standard input, exactly as given (invalid UTF-8 included).
    static func run(_ arguments: [String] = [], bytes: Data, environment changes: [String: String] = [:]) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["AGORA_MODE"] = nil
        // A home of its own per run: no history or saved session from another run or test.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("agora-cli-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_STATE_HOME"] = nil
        environment.merge(changes) { $1 }
        let finished = try await ChildProcess.run(executable, arguments, environment: environment, input: bytes)
        return Result(status: finished.ended.status, stdout: finished.stdout, stderr: finished.stderr)
    }
}
