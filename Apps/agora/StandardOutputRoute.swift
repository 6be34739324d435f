import AgoraTerminalUI
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where standard output points, at the descriptor, so whatever agora writes there (a table, a
/// JSON record) follows: the file `output FILE` named, a private file holding a command's output
/// for the pager, or standard output as agora started. Standard error never moves.
@MainActor
final class StandardOutputRoute {
    /// Standard output as agora started, kept open while it points elsewhere.
    let startedDescriptor: Int32
    /// The file `output FILE` named.
    private var userFile: Int32?
    /// The file holding the running command's output for the pager; it wins over `userFile`
    /// until the command ends.
    private var holdingFile: Int32?

    init() {
        // A copy made before anything moves standard output; without one (no descriptor left),
        // standard output itself, and lines about the session follow the results.
        let copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
        startedDescriptor = copy >= 0 ? copy : STDOUT_FILENO
    }

    /// Whether output goes to a file the user named.
    var isToUserFile: Bool { userFile != nil }

    /// Whether the running command's output is being held.
    var isHolding: Bool { holdingFile != nil }

    /// Standard output as agora started (the terminal), wherever it points now.
    var startedOutput: FileHandle {
        FileHandle(fileDescriptor: startedDescriptor, closeOnDealloc: false)
    }

    /// The file at `path`, created or emptied, for ``send(toOpened:)``.
    func openUserFile(_ path: String) throws(CommandError) -> Int32 {
        try Self.openForWriting(path, isPrivate: false)
    }

    /// Points standard output at `descriptor`, a file ``openUserFile(_:)`` opened; it is closed
    /// when output moves on.
    func send(toOpened descriptor: Int32) {
        if let userFile { close(userFile) }
        userFile = descriptor
        apply()
    }

    /// Points standard output back where it was when agora started.
    func sendToStarted() {
        if let userFile { close(userFile) }
        userFile = nil
        apply()
    }

    /// Holds what is written next in the file at `path`, readable by its owner only.
    func hold(in path: String) throws(CommandError) {
        let descriptor = try Self.openForWriting(path, isPrivate: true)
        if let holdingFile { close(holdingFile) }
        holdingFile = descriptor
        apply()
    }

    /// Ends holding: output goes to the user's file, or where agora started.
    func stopHolding() {
        if let holdingFile { close(holdingFile) }
        holdingFile = nil
        apply()
    }

    private func apply() {
        dup2(holdingFile ?? userFile ?? startedDescriptor, STDOUT_FILENO)
    }

    private static func openForWriting(_ path: String, isPrivate: Bool) throws(CommandError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, isPrivate ? 0o600 : 0o666)
        guard descriptor >= 0 else {
            throw CommandError("Cannot write to '\(path)': \(String(cString: strerror(errno))); name a file in a folder you can write to.")
        }
        return descriptor
    }
}
