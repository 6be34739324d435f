import AgoraChildProcess
import Foundation

/// `agora-server` as a child process on a loopback port, as a user would start it.
///
/// It starts on port 0 (the kernel picks a free one) unless told a port, and is ready when it
/// prints `agora-server listening on http://127.0.0.1:<port>`; its log goes to a file the test
/// can read.
final class ServerProcess {
    let port: Int
    let log: URL
    private let child: ChildProcess

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server on `database` with the demo seed and waits (at most 30 s) until it listens.
    init(database: URL, log: URL, port: Int = 0, extraArguments: [String] = []) throws {
        child = try ChildProcess(
            ChildProcess.built("agora-server"), ["--port", String(port), "--db", database.path, "--seed", "demo"] + extraArguments,
            error: .appending(log))
        self.log = log
        let prefix = "agora-server listening on http://127.0.0.1:"
        let firstLine = try? child.waitForFirstLine()
        guard let firstLine, firstLine.hasPrefix(prefix), let bound = Int(firstLine.dropFirst(prefix.count)) else {
            child.send(SIGKILL)
            child.waitUntilExit()
            let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw ServerStartError(message: "agora-server did not report a port (stdout: \(firstLine ?? "nothing"); log: \(logText.suffix(2_000)))")
        }
        self.port = bound
    }

    /// Stops the server (SIGTERM, then SIGKILL past the hang bound) and waits for it to exit.
    func stop() {
        guard child.isRunning else { return }
        child.send(SIGTERM)
        let deadline = ContinuousClock.now + Hang.bound
        while child.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        child.send(SIGKILL)
        child.waitUntilExit()
    }

    /// Kills the server at once (SIGKILL): no graceful shutdown, as when the machine or the
    /// process dies; waits for it to be gone.
    func kill() {
        child.send(SIGKILL)
        child.waitUntilExit()
    }

    deinit { stop() }
}

struct ServerStartError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
