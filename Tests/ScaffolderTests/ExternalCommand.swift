import AgoraChildProcess
import Foundation

/// A command run to its end with a deadline: its exit status and what it printed.
struct ExternalCommand {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
        let seconds: Double
        let timedOut: Bool
    }

    let arguments: [String]
    let directory: URL
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var timeout: Duration = .seconds(120)

    /// Runs the command; past the deadline it is killed and ``Result/timedOut`` is set.
    func run() async throws -> Result {
        // Output goes to files: a build prints more than a pipe holds while nobody reads it.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("agora-command-\(UUID().uuidString)")
        let outputURL = base.appendingPathExtension("out")
        let errorURL = base.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let start = ContinuousClock.now
        // env -C: the command runs in `directory`.
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["-C", directory.path] + arguments, environment: environment, output: .file(outputURL),
            error: .file(errorURL))
        let ended: ChildProcess.Termination
        let timedOut: Bool
        do {
            ended = try await child.exit(within: timeout)
            timedOut = false
        } catch {
            ended = child.waitUntilExit()
            timedOut = true
        }
        let elapsed = ContinuousClock.now - start
        return Result(
            status: ended.status,
            output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "",
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            timedOut: timedOut
        )
    }
}

extension ExternalCommand.Result {
    /// The output and errors, for a failure message.
    var transcript: String {
        "exit \(status)\(timedOut ? " (timed out)" : ""); stdout:\n\(output.suffix(4_000))\nstderr:\n\(errors.suffix(4_000))"
    }
}
