import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `agora-server` as a child process on a loopback port, as a user would start it.
///
/// It starts on port 0 (the kernel picks a free one) unless told a port, and is ready when it
/// prints `agora-server listening on http://127.0.0.1:<port>`; its log goes to a file the test
/// can read.
final class ServerProcess {
    let port: Int
    let log: URL
    private let process: Process

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server on `database` with the demo seed and waits (at most 30 s) until it listens.
    init(database: URL, log: URL, port: Int = 0, extraArguments: [String] = []) throws {
        process = Process()
        process.executableURL = BuiltExecutable.url("agora-server")
        process.arguments = ["--port", String(port), "--db", database.path, "--seed", "demo"] + extraArguments
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let logHandle = try FileHandle(forWritingTo: log)
        logHandle.seekToEndOfFile()
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        self.log = log
        try process.run()

        let firstLine = Self.readLine(from: stdout.fileHandleForReading, timeout: .seconds(30))
        let prefix = "agora-server listening on http://127.0.0.1:"
        guard let firstLine, firstLine.hasPrefix(prefix), let bound = Int(firstLine.dropFirst(prefix.count)) else {
            process.terminate()
            process.waitUntilExit()
            let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw ServerStartError(message: "agora-server did not report a port (stdout: \(firstLine ?? "nothing"); log: \(logText.suffix(2_000)))")
        }
        self.port = bound
    }

    /// Stops the server (SIGTERM, then SIGKILL after 10 s) and waits for it to exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { Self.sendSignal(SIGKILL, to: process.processIdentifier) }
        process.waitUntilExit()
    }

    /// Kills the server at once (SIGKILL): no graceful shutdown, as when the machine or the
    /// process dies; waits for it to be gone.
    func kill() {
        guard process.isRunning else { return }
        Self.sendSignal(SIGKILL, to: process.processIdentifier)
        process.waitUntilExit()
    }

    /// `kill(2)`, named apart from ``kill()``.
    private static func sendSignal(_ signal: Int32, to pid: pid_t) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #else
        _ = Darwin.kill(pid, signal)
        #endif
    }

    deinit { stop() }

    /// One line of `handle`, read on a background thread so the wait is bounded.
    private static func readLine(from handle: FileHandle, timeout: Duration) -> String? {
        let line = LineBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes = Data()
            while true {
                let chunk = handle.readData(ofLength: 1)
                if chunk.isEmpty || chunk.first == UInt8(ascii: "\n") { break }
                bytes.append(chunk)
            }
            line.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success else { return nil }
        return line.value
    }
}

struct ServerStartError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Hands the line from the reading thread to the test.
private final class LineBox: Sendable {
    private let stored = Mutex<String?>(nil)
    func set(_ value: String) { stored.withLock { $0 = value } }
    var value: String? { stored.withLock { $0 } }
}
