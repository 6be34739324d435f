import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell command run in agora's own process group, so a program that reads the terminal (the
/// pager, the editor) gets it as if typed at the shell.
///
/// Foundation's `Process` starts its child in a process group of its own, where reading the
/// terminal stops it (SIGTTIN): `less` would quit after one screen and `vi` would hang. This
/// spawns the child in agora's group with the usual signal dispositions (agora ignores SIGPIPE and
/// catches SIGINT; the child must not inherit that) and no signal blocked.
enum ForegroundProcess {
    /// Runs `/bin/sh -c command` with `arguments` as `$1…`, its standard input and output on the
    /// given descriptors, and returns its exit status once it ends; `nil` when it could not start.
    static func run(_ command: String, arguments: [String] = [], input: Int32, output: Int32) async -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/bin/sh", "-c", command, "sh"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ) == 0 else { return nil }
        let child = pid
        // waitpid blocks: on a thread of its own, never one of the concurrency pool's.
        return await withCheckedContinuation { finished in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0, errno == EINTR {}
                // WIFEXITED / WEXITSTATUS, which Swift does not import.
                finished.resume(returning: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
            }
        }
    }
}
