import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program a test starts and owns: agora, agora-server, agora-web, PostgreSQL, a shell.
///
/// Started with `posix_spawn`, not Foundation's `Process`: on this toolchain `Process.run()` lists
/// `/proc/self/fd` to close the child's other descriptors and, now and then, reads past its
/// buffer and crashes the whole test process, which starts hundreds of programs. Here the child
/// closes every descriptor above its three streams itself (`closefrom`, as a file action), so no
/// pipe or socket of the tests leaks into it.
///
/// Its end is polled with `waitpid(WNOHANG)`, so no thread is held waiting for it, and the
/// process id is never signalled once it is reaped (it may belong to another program by then).
/// A child still running when the last reference goes is killed.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams comes from or goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe; the test holds its other end (``input``, ``output``, ``errorOutput``).
        case pipe
        /// A file, created or emptied.
        case file(URL)
        /// A file, created when missing, written at its end.
        case appending(URL)
        /// A descriptor the test has open: a terminal, `/dev/full`, one end of its own pipe.
        case descriptor(Int32)
        /// For standard error only: wherever standard output goes.
        case standardOutput
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status, or the number of the signal that ended it.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public let processIdentifier: pid_t
    /// The writing end of standard input, when it is a ``Stream/pipe``.
    public let input: FileHandle?
    /// The reading end of standard output, when it is a ``Stream/pipe``.
    public let output: FileHandle?
    /// The reading end of standard error, when it is a ``Stream/pipe``.
    public let errorOutput: FileHandle?
    private let termination = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments` and `environment` (this process's unless given),
    /// no signal blocked and the usual dispositions (a test's thread may block some, and a child
    /// would inherit that).
    public init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: Stream = .null, output: Stream = .pipe, error: Stream = .pipe
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        var parentEnds: [Int32: FileHandle] = [:]
        for (descriptor, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Failure("cannot make a pipe: \(String(cString: strerror(errno)))") }
                ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                let (parent, child) = descriptor == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                childEnds.append(child)
                parentEnds[descriptor] = FileHandle(fileDescriptor: parent, closeOnDealloc: true)
                posix_spawn_file_actions_adddup2(&actions, child, descriptor)
            case .file(let url):
                posix_spawn_file_actions_addopen(&actions, descriptor, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .appending(let url):
                posix_spawn_file_actions_addopen(&actions, descriptor, url.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .descriptor(let given):
                posix_spawn_file_actions_adddup2(&actions, given, descriptor)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }
        Self.closeTheRest(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure("cannot run \(executable.path): \(String(cString: strerror(spawned)))") }
        processIdentifier = pid
        self.input = parentEnds[0]
        self.output = parentEnds[1]
        self.errorOutput = parentEnds[2]
    }

    deinit {
        termination.withLock { ended in
            guard ended == nil else { return }
            kill(processIdentifier, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(processIdentifier, &status, 0)
        }
    }

    /// How the child ended, or `nil` while it runs; `.exited(-1)` if something else in this
    /// process reaped it.
    public var ended: Termination? {
        termination.withLock { ended in
            if ended == nil {
                var status: Int32 = 0
                switch waitpid(processIdentifier, &status, WNOHANG) {
                case processIdentifier: ended = Self.termination(status)
                // Reaped by someone else (a handler for every child): it has ended, how is lost.
                case -1 where errno == ECHILD: ended = .exited(-1)
                default: break
                }
            }
            return ended
        }
    }

    public var isRunning: Bool { ended == nil }

    /// Sends `signal` (SIGTERM, SIGINT, SIGKILL), unless the child has ended.
    public func send(_ signal: Int32) {
        termination.withLock { ended in
            if ended == nil { kill(processIdentifier, signal) }
        }
    }

    /// Waits, blocking the thread, until the child ends.
    @discardableResult
    public func waitUntilExit() -> Termination {
        while true {
            if let ended { return ended }
            usleep(5_000)
        }
    }

    /// The same, at most `timeout`: past it the child is killed and this throws.
    @discardableResult
    public func waitUntilExit(within timeout: Duration) throws -> Termination {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let ended { return ended }
            usleep(5_000)
        }
        send(SIGKILL)
        waitUntilExit()
        throw Failure("\(processIdentifier) did not end within \(timeout)")
    }

    /// Waits until the child ends; past `timeout` it is killed and this throws.
    @discardableResult
    public func exit(within timeout: Duration) async throws -> Termination {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended { return ended }
            guard ContinuousClock.now < deadline else {
                send(SIGKILL)
                waitUntilExit()
                throw Failure("\(processIdentifier) did not end within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// WIFEXITED / WEXITSTATUS and WTERMSIG, which Swift does not import.
    private static func termination(_ status: Int32) -> Termination {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// Adds `closefrom(3)` to the child's actions. glibc has it since 2.34 as
    /// `posix_spawn_file_actions_addclosefrom_np`, which its header declares for `_GNU_SOURCE`
    /// only, so Swift does not see it: it is looked up by name.
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }
}
