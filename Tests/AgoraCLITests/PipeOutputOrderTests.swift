import AgoraChildProcess
import Foundation
import Synchronization
import Testing

/// Output to a pipe is written a command at a time (one system call, not one per line), and
/// that must never show: errors keep their place among the lines, and a program that drives
/// agora through a pipe gets each command's output before it sends the next.
@Suite("Output through pipes: in order, a command at a time")
struct PipeOutputOrderTests {
    @Test("given standard output and error on one pipe, when a command fails between two others, then its error sits between their outputs")
    func errorsKeepTheirPlace() async throws {
        let finished = try await ChildProcess.run(
            AgoraProcess.executable, ["--oss", "-c", "open agora://events; frobnicate; open 1"], environment: try privateEnvironment(),
            error: .standardOutput)
        let text = finished.stdout
        let status = finished.ended.status

        let list = try #require(text.range(of: "Upcoming events"), "\(text)")
        let error = try #require(text.range(of: "error: "), "\(text)")
        let detail = try #require(text.range(of: "to read them)"), "\(text)")
        #expect(list.lowerBound < error.lowerBound && error.lowerBound < detail.lowerBound, "\(text)")
        #expect(status == 1)
    }

    @Test("given agora reading commands from a pipe kept open, when a command is sent, then its output arrives before the next is sent")
    func outputArrivesBeforeTheNextCommand() async throws {
        let child = try ChildProcess(AgoraProcess.executable, ["--oss"], environment: try privateEnvironment(), input: .pipe, error: .null)
        let output = try #require(child.output)

        child.write(Data("open agora://events\n".utf8))
        let first = try await read(output, until: "Upcoming events", seconds: 10)
        child.write(Data("open 1\n".utf8))
        let second = try await read(output, until: "to read them)", seconds: 10)
        child.closeInput()
        let status = try await child.exit(within: Hang.bound).status

        #expect(first.contains("Upcoming events"))
        #expect(second.contains("to read them)"))
        #expect(status == 0)
    }

    /// What `output` brings until `text` appears; fails after `seconds` (the command's output was
    /// held back) rather than hanging the test run.
    private func read(_ output: FileHandle, until text: String, seconds: Double) async throws -> String {
        let received = ReceivedText()
        output.readabilityHandler = { handle in received.append(handle.availableData) }
        defer { output.readabilityHandler = nil }
        let deadline = Date().addingTimeInterval(seconds)
        while !received.text.contains(text) {
            guard Date() < deadline else {
                Issue.record("no \"\(text)\" within \(seconds) s; got: \(received.text)")
                return received.text
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return received.text
    }

    private func privateEnvironment() throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("agora-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment["HOME"] = home.path
        for variable in ["AGORA_MODE", "XDG_DATA_HOME", "XDG_STATE_HOME"] { environment[variable] = nil }
        return environment
    }
}

/// Bytes from a pipe's reading thread, read by the test's.
private final class ReceivedText: Sendable {
    private let data = Mutex<Data>(Data())

    func append(_ more: Data) { data.withLock { $0.append(more) } }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}
