import Foundation

/// Runs `agora --live` as a user would, with commands piped in, against one server and one home:
/// the session and the cache a run leaves are there for the next run, as on a real machine.
struct LiveAgora {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var output: String { stdout + stderr }
    }

    let home: URL
    var serverURL: String

    /// Runs agora with `commands` on stdin, one per line; killed if it takes more than `timeout`.
    func run(_ commands: [String], mode: String = "--live", timeout: TimeInterval = 60) throws -> Result {
        let process = Process()
        process.executableURL = BuiltExecutable.url("agora")
        process.arguments = [mode]
        var environment = ProcessInfo.processInfo.environment
        environment["AGORA_MODE"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_STATE_HOME"] = nil
        environment["HOME"] = home.path
        environment["AGORA_SERVER_URL"] = serverURL
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        stdin.fileHandleForWriting.write(Data((commands.joined(separator: "\n") + "\n").utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
