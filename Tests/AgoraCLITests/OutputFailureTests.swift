import AgoraChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// agora's own output streams failing: a full disk, a closed descriptor, a reader that went away.
/// agora ends with one line on the stream that still works and exit status 74 (EX_IOERR), never
/// with a crash; a reader that went away (EPIPE) ends it quietly.
@Suite("Output failures: a full, closed or abandoned stream ends agora in one line")
struct OutputFailureTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `agora --oss -c commands` with `stdout`/`stderr` as given (a pipe that is read when nil).
    static func run(_ commands: String, stdout: FileHandle? = nil, stderr: FileHandle? = nil, shell: String? = nil) async throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["AGORA_MODE"] = nil
        environment["HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("agora-out-\(UInt32.random(in: 0...UInt32.max))").path
        let (executable, arguments) =
            shell.map { (URL(fileURLWithPath: "/bin/sh"), ["-c", $0, AgoraProcess.executable.path, "--oss", "-c", commands]) }
            ?? (AgoraProcess.executable, ["--oss", "-c", commands])
        let finished = try await ChildProcess.run(
            executable, arguments, environment: environment,
            output: stdout.map { .descriptor($0.fileDescriptor) } ?? .pipe, error: stderr.map { .descriptor($0.fileDescriptor) } ?? .pipe)
        return Run(status: finished.ended.status, stdout: finished.stdout, stderr: finished.stderr)
    }

    @Test("given standard output on a full device, when a command prints, then one error line on standard error and exit 74")
    func fullStandardOutput() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))

        let run = try await Self.run("open agora://events", stdout: full)

        #expect(run.status == 74)
        #expect(run.stderr == "error: Cannot write to standard output: No space left on device.\n")
    }

    @Test("given standard output closed, when a command prints, then one error line on standard error and exit 74")
    func closedStandardOutput() async throws {
        let run = try await Self.run("open agora://events", shell: "exec \"$0\" \"$@\" >&-")

        #expect(run.status == 74)
        #expect(run.stderr == "error: Cannot write to standard output: Bad file descriptor.\n")
    }

    @Test("given a pipe whose reader has gone, when a command prints, then agora ends quietly with exit 74, not by SIGPIPE")
    func abandonedPipe() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])  // the reader is gone before agora writes anything
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)

        let run = try await Self.run("open agora://events", stdout: writer)

        #expect(run.status == 74)
        #expect(run.stderr == "")
    }

    @Test("given standard error on a full device, when a command fails, then the error is reported on standard output and exit 74")
    func fullStandardError() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))

        let run = try await Self.run("open agora://events; frobnicate", stderr: full)

        #expect(run.status == 74)
        #expect(run.stdout.contains("Upcoming events"))
        #expect(run.stdout.hasSuffix("error: Cannot write to standard error: No space left on device.\n"))
    }
}
