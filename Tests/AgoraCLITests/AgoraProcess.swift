import Foundation

/// Runs the built `agora` executable as a user would, with stdin from a pipe.
struct AgoraProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `agora` binary next to this test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("agora")
    }

    static func run(_ arguments: [String] = [], input: String = "", environment: [String: String] = [:]) throws -> Result {
        try run(arguments, bytes: Data(input.utf8), environment: environment)
    }

    /// Runs agora with `bytes` on its standard input, exactly as given (invalid UTF-8 included).
    static func run(_ arguments: [String] = [], bytes: Data, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment["AGORA_MODE"] = nil
        // A home of its own per run: no history or saved session from another run or test.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("agora-cli-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        processEnvironment["HOME"] = home.path
        processEnvironment["XDG_DATA_HOME"] = nil
        processEnvironment["XDG_STATE_HOME"] = nil
        processEnvironment.merge(environment) { $1 }
        process.environment = processEnvironment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        writeIgnoringGoneReader(bytes, to: stdin.fileHandleForWriting)
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Writes `bytes` to a pipe whose reader may have gone (agora refusing to start reads
    /// nothing): the write then fails with EPIPE rather than ending the whole test process by
    /// SIGPIPE. The signal is blocked on this thread for the write, and one it raised is taken
    /// before the thread's mask comes back.
    private static func writeIgnoringGoneReader(_ bytes: Data, to handle: FileHandle) {
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
        try? handle.write(contentsOf: bytes)
    }
}
