import AgoraREPL
import AgoraTestSupport
import Foundation
import Testing

/// `timing on|off`: how long each command took, the work it started included.
@MainActor
@Suite("REPLSession: timing each command")
struct TimingTests {
    let console = BufferConsole()

    /// The milliseconds of the `Time: … ms` line in `text`, if there is one.
    func milliseconds(in text: String) -> Double? {
        text.split(separator: "\n").last { $0.hasPrefix("Time: ") && $0.hasSuffix(" ms") }
            .flatMap { Double($0.dropFirst("Time: ".count).dropLast(" ms".count)) }
    }

    @Test("given timing on and mock answers that take 300 ms, when an event opens, then its time line counts the wait for the answer")
    func timeIncludesTheWork() async throws {
        var configuration = Transcript.configuration
        configuration.mockService.latency = .milliseconds(300)
        let session = try REPLSession(configuration: configuration, console: console)
        _ = await session.execute("timing on")
        console.clear()

        let outcome = await session.execute("open agora://events/1")

        #expect(outcome == .succeeded)
        let time = try #require(milliseconds(in: console.text), "no time line: \(console.text)")
        #expect(time >= 300, "the command waited for its answer: \(console.text)")
        #expect(console.text.hasSuffix("Time: \(String(format: "%.3f", time)) ms\n"), "the time line comes last: \(console.text)")
    }

    @Test("given timing on, when it is turned off, then no command is timed, `timing off` included")
    func offStopsTiming() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        _ = await session.execute("timing on")
        _ = await session.execute("timing off")
        _ = await session.execute("whoami")

        #expect(!console.text.contains("Time:"), "\(console.text)")
        #expect(console.text.contains("Timing is on.\nTiming is off.\n"))
    }

    @Test("given timing on, when a blank line and a `#` comment run, then neither is timed, as neither ran a command")
    func nothingToRunIsNotTimed() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        _ = await session.execute("timing on")
        console.clear()

        _ = await session.execute("# my settings")
        _ = await session.execute("   ")

        #expect(!console.text.contains("Time:"), "\(console.text)")
    }

    @Test("given lines run unshown (the startup file's) that turn timing on, when they run, then none is timed, and the next command typed is")
    func unshownLinesAreNotTimed() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        var startup = ["timing on", "# comment", "whoami", "open agora://events/1"][...]

        _ = await session.run({ _ in startup.popFirst() }, unshown: true)

        #expect(console.text.contains("Not logged in."), "the lines ran: \(console.text)")
        #expect(!console.text.contains("Time:"), "no time follows a line the user did not see: \(console.text)")
        console.clear()
        var typed = ["whoami"][...]
        _ = await session.run { _ in typed.popFirst() }
        #expect(milliseconds(in: console.text) != nil, "timing is on for the commands typed: \(console.text)")
    }
}
