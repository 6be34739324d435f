import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTestSupport
import Testing

/// `run`, the loop `agora` drives with a script, a pipe or a terminal: a command whose work is
/// still running is not waited for in its task, the next one starts when the work ends; what
/// it reads, reports and returns is what waiting gave.
///
/// A run that never ends is how these fail (the end of a closed screen's work never told).
@MainActor
@Suite("REPLSession.run: one command after another, each after its work", .timeLimit(.minutes(10)))
struct RunTests {
    let console = BufferConsole()

    /// Lines handed to `run` one at a time, recording which were read.
    final class Script {
        private var lines: [String]
        private(set) var read: [String] = []

        init(_ lines: [String]) {
            self.lines = lines
        }

        func next() -> String? {
            guard !lines.isEmpty else { return nil }
            read.append(lines.removeFirst())
            return read.last
        }
    }

    @Test(
        "given a command whose work waits for a slow answer, when run, then the next line is read only after that work ended, the busy indicator is told each way once, and a failure after it makes the status 1"
    )
    func nextLineWaitsForTheWork() async throws {
        var configuration = Transcript.configuration
        configuration.mockService.latency = .seconds(3600)
        let session = try REPLSession(configuration: configuration, console: console)
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy
        let script = Script(["open agora://events", "nope", "quit", "never read"])
        var ended: [String] = []
        session.commandEnded = { line, outcome in ended.append("\(line): \(outcome)") }

        let run = Task { await session.run({ _ in script.next() }) }
        var turns = 0
        while spy.events.isEmpty, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(spy.events == ["started"], "the list's first page is still loading")
        #expect(script.read == ["open agora://events"])
        #expect(ended.isEmpty)

        #expect(session.interrupt())
        let status = await run.value

        #expect(status == 1)
        #expect(script.read == ["open agora://events", "nope", "quit"])
        #expect(ended == ["open agora://events: succeeded", "nope: failed", "quit: quit"])
        #expect(spy.events == ["started", "ended"])
    }

    @Test("given an event that does not exist, when opened by run, then its screen closes, the run goes on to the next line and ends with status 1")
    func closedScreenStillEndsItsWork() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        let script = Script(["open agora://events/999999", "open agora://events"])

        let status = await session.run({ _ in script.next() })

        #expect(status == 1)
        #expect(script.read == ["open agora://events/999999", "open agora://events"])
        #expect(console.text.contains("Upcoming events"))
        #expect(session.application.coordinator.top?.route == .events)
    }

    @Test("given --bail, when a command fails, then nothing more is read and the status is 1")
    func bailStopsAtTheFirstFailure() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        let script = Script(["open agora://events", "open 99", "open 1"])

        let status = await session.run({ _ in script.next() }, bail: true)

        #expect(status == 1)
        #expect(script.read == ["open agora://events", "open 99"])
    }
}
