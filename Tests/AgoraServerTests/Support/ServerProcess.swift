import Foundation

/// The built `agora-server` binary run as a child process, as the end-to-end tests and users
/// run it, or another program that starts servers (`Scripts/agora-cluster`). Every wait is
/// bounded; a child still running when a wait gives up is killed.
final class ServerProcess: Sendable {
    enum Failure: Error, CustomStringConvertible {
        case timedOut(String)
        var description: String {
            switch self {
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The `agora-server` binary next to this test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("agora-server")
    }

    let process: Process
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let exited: AsyncStream<Int32>

    /// - Parameters:
    ///   - environment: variables to set for the child, besides this process's own.
    ///   - executable: the program to run; `agora-server` unless told.
    init(_ arguments: [String], environment: [String: String] = [:], executable: URL = ServerProcess.executable) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        process.standardOutput = stdout
        process.standardError = stderr
        let (exited, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.exited = exited
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything the child wrote to standard output and error; call after it exited.
    func output() -> (stdout: String, stderr: String) {
        (
            String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    /// The first line the child writes to standard output.
    func firstLine(within timeout: Duration = .seconds(30)) async throws -> String {
        try await firstLine(of: stdout, within: timeout)
    }

    /// The first line the child writes to standard error.
    func firstErrorLine(within timeout: Duration = .seconds(30)) async throws -> String {
        try await firstLine(of: stderr, within: timeout)
    }

    private func firstLine(of pipe: Pipe, within timeout: Duration) async throws -> String {
        let handle = pipe.fileHandleForReading
        return try await bounded(timeout, "the first line of output") {
            var bytes = Data()
            // Byte by byte, so nothing after the line is consumed from the pipe.
            while let byte = try handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
                bytes.append(first)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Waits until the child exits and returns its status.
    func exitStatus(within timeout: Duration = .seconds(30)) async throws -> Int32 {
        let exited = exited
        return try await bounded(timeout, "the process to exit") {
            for await status in exited { return status }
            return -1
        }
    }

    /// Sends `signal` (SIGTERM, SIGINT) to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    private func bounded<T: Sendable>(
        _ timeout: Duration, _ what: String, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let process = process
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: timeout)
                // Unblocks a read that would otherwise wait forever.
                if process.isRunning { process.terminate() }
                throw Failure.timedOut(what)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
