import Foundation

/// A program the tests start with `posix_spawn`, not Foundation's `Process`: this toolchain's
/// `Process.run()` reads past a buffer while it lists `/proc/self/fd` and, now and then, crashes
/// the whole test process (swift-corelibs-foundation#5472), and the PostgreSQL tests start many
/// programs. Its standard output and error go to a file; its end is polled with `waitpid`, so a
/// wait holds no thread.
struct SpawnedProgram {
    let pid: pid_t
    private let outputFile: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `path` with `arguments`, standard input from /dev/null, no signal blocked and the
    /// usual dispositions (a test's thread blocks some, and a child would inherit that).
    init(_ path: String, _ arguments: [String]) throws {
        outputFile = FileManager.default.temporaryDirectory.appending(path: "agora-spawned-\(UUID().uuidString).out")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))") }
        self.pid = pid
    }

    /// The exit status (128 + the signal, for a program a signal ended) once the program has
    /// ended; past `timeout` it is killed and this throws.
    func exitStatus(within timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure(description: "took longer than \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return Self.exitStatus(status)
    }

    /// The same, blocking the thread: for an exit handler, where no task runs any more.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return Self.exitStatus(status)
    }

    /// What the program wrote, once it ended; the file is removed.
    func output() -> String {
        defer { try? FileManager.default.removeItem(at: outputFile) }
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// WIFEXITED / WEXITSTATUS and WTERMSIG, which Swift does not import.
    private static func exitStatus(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    }
}
