import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Writes `bytes` to standard input (a ``Stream/pipe``); `false` when the child has closed
    /// it or ended. The write fails with EPIPE rather than ending the whole test process by
    /// SIGPIPE: the signal is blocked on this thread for the write, and one it raised is taken
    /// before the thread's mask comes back.
    @discardableResult
    public func write(_ bytes: Data) -> Bool {
        guard let input else { return false }
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &noWait) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return (try? input.write(contentsOf: bytes)) != nil
    }

    /// Closes standard input: the child reads its end.
    public func closeInput() {
        try? input?.close()
    }

    /// The first line the child writes to `stream` (``output`` unless told), read byte by
    /// byte so nothing after it is taken from the pipe. Past `timeout` the child is killed,
    /// which ends the read, and this throws; so does a child that ends before a whole line.
    public func firstLine(of stream: FileHandle? = nil, within timeout: Duration = Hang.bound) async throws -> String {
        let read = try await withCheckedThrowingContinuation { continuation in
            readLine(of: stream, within: timeout) { continuation.resume(with: $0) }
        }
        return try read.line()
    }

    /// The same, blocking the thread, for a test that is not `async`.
    public func waitForFirstLine(of stream: FileHandle? = nil, within timeout: Duration = Hang.bound) throws -> String {
        let read = Mutex<Result<LineRead, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        readLine(of: stream, within: timeout) { result in
            read.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try read.withLock { $0! }.get().line()
    }

    /// What a line's reader got: the bytes, and whether a line break ended them.
    private struct LineRead: Sendable {
        let bytes: Data
        let whole: Bool
        let child: ChildProcess
        let timeout: Duration

        func line() throws -> String {
            let line = String(decoding: bytes, as: UTF8.self)
            guard whole else {
                let end = child.ended.map { "\($0)" } ?? "still running"
                throw Failure("no whole line from \(child.processIdentifier) within \(timeout) (\(end)); it wrote \"\(line.suffix(500))\"")
            }
            return line
        }
    }

    /// Reads a line on a thread of its own (a blocking read must not hold one of the few
    /// threads tasks run on); a timer kills the child if the line is not there by `timeout`.
    private func readLine(of stream: FileHandle?, within timeout: Duration, then deliver: @escaping @Sendable (Result<LineRead, any Error>) -> Void) {
        guard let handle = stream ?? output else {
            deliver(.failure(Failure("the child's output is not a pipe")))
            return
        }
        let finished = Mutex(false)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            finished.withLock { if !$0 { self.send(SIGKILL) } }
        }
        Thread.detachNewThread {
            var bytes = Data()
            var whole = false
            while let byte = try? handle.read(upToCount: 1), let first = byte.first {
                if first == UInt8(ascii: "\n") {
                    whole = true
                    break
                }
                bytes.append(first)
            }
            finished.withLock { $0 = true }
            deliver(.success(LineRead(bytes: bytes, whole: whole, child: self, timeout: timeout)))
        }
    }

    /// Standard output and error (pipes) read to their end, and how the child ended. The reads
    /// run on threads of their own and the end is polled, so the wait holds none of the few
    /// threads tasks run on; past `timeout` the child is killed and this throws.
    public func outputs(within timeout: Duration = Hang.bound) async throws -> (stdout: String, stderr: String, ended: Termination) {
        async let stdout = Self.readToEndOnAThread(output)
        async let stderr = Self.readToEndOnAThread(errorOutput)
        let ended = try await exit(within: timeout)
        return (await stdout, await stderr, ended)
    }

    private static func readToEndOnAThread(_ handle: FileHandle?) async -> String {
        guard let handle else { return "" }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)) }
        }
    }

    /// Everything still to come on `handle` (a pipe of the child's) until the child closes it.
    public func readToEnd(_ handle: FileHandle?) -> String {
        guard let handle else { return "" }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}

extension ChildProcess {
    /// A program built with the running test bundle: beside it in the build folder.
    public static func built(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appending(path: name)
    }

    /// Starts the program `name` built with the running test bundle, with `environment` added
    /// to this process's; standard output and error are pipes.
    public convenience init(built name: String, _ arguments: [String], adding environment: [String: String] = [:]) throws {
        try self.init(Self.built(name), arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, given in given })
    }

    /// Everything the child wrote to standard output and error (pipes); call once it ended.
    public func printed() -> (stdout: String, stderr: String) {
        (readToEnd(output), readToEnd(errorOutput))
    }

    /// Waits, at most `timeout`, until the child ends: its exit status, or the number of the
    /// signal that ended it.
    public func exitStatus(within timeout: Duration = Hang.bound) async throws -> Int32 {
        try await exit(within: timeout).status
    }
}
