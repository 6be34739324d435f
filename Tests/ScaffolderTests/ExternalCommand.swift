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

    /// Runs the command; past the deadline it is terminated and ``Result/timedOut`` is set.
    func run() async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        // Output goes to files: a build prints more than a pipe holds while nobody reads it.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("agora-command-\(UUID().uuidString)")
        let outputURL = base.appendingPathExtension("out")
        let errorURL = base.appendingPathExtension("err")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
            FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        else { throw CopyError("cannot create the output files of \(arguments.joined(separator: " ")) in \(base.deletingLastPathComponent().path)") }
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)

        let start = ContinuousClock.now
        let timedOut = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    process.terminationHandler = { _ in continuation.resume() }
                    do {
                        try process.run()
                    } catch {
                        process.terminationHandler = nil
                        continuation.resume(throwing: error)
                    }
                }
                return false
            }
            group.addTask {
                // The deadline, not a synchronisation: the command is awaited above.
                try await Task.sleep(for: timeout)
                return true
            }
            let first = try await group.next() ?? false
            if first {
                process.terminate()
                _ = try await group.next()
            }
            group.cancelAll()
            return first
        }
        let elapsed = ContinuousClock.now - start
        return Result(
            status: process.terminationStatus,
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
