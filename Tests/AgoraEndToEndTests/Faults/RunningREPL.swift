import AgoraChildProcess
import Foundation
import Synchronization

/// `agora --live` kept running with its standard input open: a test types one command, waits
/// for what it prints, and can break the server or the network between two commands.
///
/// Piped input gives plain output with no prompt; the REPL reads a line only once the one
/// before it has finished, so waiting for a command's output is waiting for the command.
final class RunningREPL {
    struct Exit {
        /// The exit status, or the signal that ended the process.
        let status: Int32
        /// Whether the process ended by itself after `quit` rather than being killed after the
        /// time bound.
        let exitedByItself: Bool
        let stdout: String
        let stderr: String
    }

    struct WaitTimedOut: Error, CustomStringConvertible {
        let description: String
    }

    private let child: ChildProcess
    private let output = PrintedBytes()
    /// Where the last typed command's output starts, in stdout and stderr (byte offsets).
    private var mark = (stdout: 0, stderr: 0)
    private let readersDone = DispatchGroup()

    /// Starts `agora --live` with `home` as its home and `serverURL` as its server; `environment`
    /// adds variables (`AGORA_REQUEST_TIMEOUT`).
    init(home: URL, serverURL: String, environment: [String: String] = [:]) throws {
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["AGORA_MODE"] = nil
        processEnvironment["XDG_DATA_HOME"] = nil
        processEnvironment["XDG_STATE_HOME"] = nil
        processEnvironment["HOME"] = home.path
        processEnvironment["AGORA_SERVER_URL"] = serverURL
        processEnvironment["AGORA_REQUEST_TIMEOUT"] = Hang.requestTimeoutMilliseconds
        processEnvironment.merge(environment) { $1 }
        child = try ChildProcess(ChildProcess.built("agora"), ["--live"], environment: processEnvironment, input: .pipe)
        collect(child.output, isError: false)
        collect(child.errorOutput, isError: true)
    }

    /// What the last typed command printed so far, on both streams.
    var lastOutput: (stdout: String, stderr: String) {
        output.text(from: mark)
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        mark = output.counts
        child.write(Data((line + "\n").utf8))
    }

    /// Waits until the last command's output (stdout or stderr) contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = Hang.bound) async throws -> (stdout: String, stderr: String) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let printed = lastOutput
            if printed.stdout.contains(text) || printed.stderr.contains(text) { return printed }
            guard child.isRunning else { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let printed = lastOutput
        if printed.stdout.contains(text) || printed.stderr.contains(text) { return printed }
        throw WaitTimedOut(
            description: """
                agora did not print "\(text)" within \(timeout)\(child.isRunning ? "" : " (it exited)"); \
                it printed: \(printed.stdout.suffix(1_500)) | stderr: \(printed.stderr.suffix(1_500))
                """)
    }

    /// Waits until the last command printed `line` as a whole line of its own (on stdout or
    /// stderr); `false` when it did not within `timeout`.
    func printedLine(_ line: String, timeout: Duration = Hang.bound) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        repeat {
            let printed = lastOutput
            let lines = (printed.stdout + "\n" + printed.stderr).split(separator: "\n", omittingEmptySubsequences: true)
            // The address of this run's server or proxy reads as `<server>`, and an error is
            // read without the line of input it names (`<stdin>:4: error: …`).
            let read = { (printed: Substring) in
                printed.replacing(/http:\/\/127\.0\.0\.1:\d+/, with: "<server>").replacing(#/^<stdin>:\d+: /#, with: "")
            }
            if lines.contains(where: { read($0) == line }) { return true }
            guard child.isRunning else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < deadline
        return false
    }

    /// Whether the last command printed `text` (anywhere in a line) within `timeout`.
    func printed(_ text: String, timeout: Duration = Hang.bound) async -> Bool {
        (try? await waitFor(text, timeout: timeout)) != nil
    }

    /// Types `quit`, closes standard input and waits (at most `timeout`) for the process to end;
    /// kills it when it does not.
    func quit(timeout: Duration = Hang.bound) async -> Exit {
        if child.isRunning {
            type("quit")
            child.closeInput()
        }
        let deadline = ContinuousClock.now + timeout
        while child.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        var exitedByItself = !child.isRunning
        child.send(SIGKILL)
        let ended = child.waitUntilExit()
        if case .signalled = ended { exitedByItself = false }
        _ = readersDone.wait(timeout: .now() + 5)
        let printed = output.text(from: (0, 0))
        return Exit(
            status: ended.status, exitedByItself: exitedByItself, stdout: printed.stdout,
            stderr: printed.stderr)
    }

    /// Appends what `handle` delivers to one of the two outputs, on a thread of its own, until
    /// the process closes it.
    private func collect(_ handle: FileHandle?, isError: Bool) {
        guard let handle else { return }
        let output = self.output
        let done = readersDone
        done.enter()
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.append(chunk, isError: isError)
            }
            done.leave()
        }
    }
}

/// The bytes a process printed on its two streams, appended by reader threads and read by the
/// test. Kept as bytes: a chunk may end inside a UTF-8 character (the demo data has Japanese).
private final class PrintedBytes: Sendable {
    private let bytes = Mutex((stdout: Data(), stderr: Data()))

    func append(_ chunk: Data, isError: Bool) {
        bytes.withLock { isError ? $0.stderr.append(chunk) : $0.stdout.append(chunk) }
    }

    /// How many bytes each stream holds.
    var counts: (stdout: Int, stderr: Int) {
        bytes.withLock { ($0.stdout.count, $0.stderr.count) }
    }

    /// Each stream's text from a byte offset on.
    func text(from offsets: (stdout: Int, stderr: Int)) -> (stdout: String, stderr: String) {
        bytes.withLock {
            (
                String(decoding: $0.stdout.dropFirst(offsets.stdout), as: UTF8.self),
                String(decoding: $0.stderr.dropFirst(offsets.stderr), as: UTF8.self)
            )
        }
    }
}
