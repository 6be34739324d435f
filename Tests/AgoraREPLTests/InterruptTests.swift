import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Synchronization
import Testing

/// Records what the session tells its busy indicator.
@MainActor
final class BusyIndicatorSpy: BusyIndicating {
    private(set) var events: [String] = []
    func workStarted() { events.append("started") }
    func workEnded() { events.append("ended") }
}

/// Ctrl-C while a command's work runs, and the busy hook a terminal's spinner hangs on, without
/// a terminal: the engine's side of both.
@MainActor
@Suite("REPLSession: interrupting work and telling a busy indicator")
struct InterruptTests {
    let console = BufferConsole()

    /// A session whose every mock answer takes an hour: only a cancel ends the wait.
    func slowSession() throws -> REPLSession {
        var configuration = Transcript.configuration
        configuration.mockService.latency = .seconds(3600)
        return try REPLSession(configuration: configuration, console: console)
    }

    @Test("given a command waiting for a slow answer, when interrupted, then the wait ends, it says so, and the answer is dropped")
    func interruptStopsTheWork() async throws {
        let session = try slowSession()
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy

        let command = Task { await session.execute("open agora://events") }
        var turns = 0
        while spy.events.isEmpty, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(spy.events == ["started"], "the session waits for the list's first page")

        #expect(session.interrupt())
        let outcome = await command.value

        #expect(outcome == .succeeded)
        #expect(spy.events == ["started", "ended"])
        #expect(console.lines.contains("Stopped: the command was cancelled."))
        #expect(!console.text.contains("Upcoming events"), "the cancelled page is never printed")
        #expect(session.application.coordinator.top == nil, "the screen it opened, which never showed, is gone")
        #expect(session.screens.entries.value.isEmpty)
    }

    @Test(
        "given a list shown, when `open 2` waits for a slow answer and is interrupted, then the event's screen goes and the list is on top, as before the command"
    )
    func interruptedOpenLeavesTheStackAsItWas() async throws {
        let clock = SwitchableClock()
        var configuration = Transcript.configuration
        configuration.mockService.latency = .seconds(3600)
        configuration.mockService.clock = clock
        let session = try REPLSession(configuration: configuration, console: console)
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy
        #expect(await session.execute("open agora://events") == .succeeded)
        console.clear()
        clock.keepTime()

        let command = Task { await session.execute("open 2") }
        var turns = 0
        while spy.events.count < 3, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(session.application.coordinator.top?.route == .event(id: 2), "the event's screen waits for its event")

        #expect(session.interrupt())
        _ = await command.value

        #expect(console.lines.contains("Stopped: the command was cancelled."))
        #expect(session.application.coordinator.stack.value.map(\.route) == [.events])
        #expect(session.screens.entries.value.map(\.route) == [.events])
        #expect(!console.text.contains("Upcoming events"), "the list, never covered on screen, is not drawn again")
    }

    @Test("given a list shown, when `more` waits for a slow page and is interrupted, then the list stays")
    func interruptedMoreKeepsTheScreen() async throws {
        let clock = SwitchableClock()
        var configuration = Transcript.configuration
        configuration.mockService.latency = .seconds(3600)
        configuration.mockService.clock = clock
        let session = try REPLSession(configuration: configuration, console: console)
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy
        #expect(await session.execute("open agora://events") == .succeeded)
        clock.keepTime()

        let command = Task { await session.execute("more") }
        var turns = 0
        while spy.events.count < 3, turns < 10_000 {
            await Task.yield()
            turns += 1
        }

        #expect(session.interrupt())
        _ = await command.value
        #expect(session.screens.entries.value.map(\.route) == [.events])
    }

    @Test("given nothing running, when interrupted, then nothing is said and it reports no work")
    func interruptWithNothingRunning() async throws {
        let session = try slowSession()
        #expect(await session.execute("help") == .succeeded)
        console.clear()

        #expect(!session.interrupt())
        #expect(console.lines.isEmpty)
    }

    @Test("given a command that starts no work, when it runs, then the busy indicator is not told")
    func quickCommandIsNotBusy() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy

        _ = await session.execute("help")
        #expect(spy.events.isEmpty)

        _ = await session.execute("open agora://events")
        #expect(spy.events == ["started", "ended"], "the first page loads after the command returns")
    }

    @Test("given a post being sent, when interrupted, then it says the post cannot be called back, and the server's answer follows")
    func interruptLeavesASendRunning() async throws {
        var configuration = Transcript.configuration
        configuration.mockService.latency = .milliseconds(300)
        let session = try REPLSession(configuration: configuration, console: console)
        for line in ["login", "email alice@agora.example", "password agora-demo", "submit", "open agora://events/2/comments"] {
            #expect(await session.execute(line) == .succeeded, "\(line): \(console.text)")
        }
        let spy = BusyIndicatorSpy()
        session.busyIndicator = spy
        console.clear()

        let command = Task { await session.execute("post Still on its way") }
        var turns = 0
        while spy.events.isEmpty, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(session.interrupt())
        let outcome = await command.value

        #expect(outcome == .succeeded)
        #expect(console.lines.contains("Not stopped: what was sent cannot be called back once it left; the server's answer follows."))
        #expect(!console.lines.contains("Stopped: the command was cancelled."))
        #expect(console.lines.last == "Comment posted.", "\(console.lines)")
    }
}

/// A clock whose sleeps end at once until it is told to keep time: a session loads its first
/// screens instantly, then waits as long as its mock says.
final class SwitchableClock: Clock {
    private let keepsTime = Mutex(false)

    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// From now on, sleeps last as long as asked.
    func keepTime() { keepsTime.withLock { $0 = true } }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        guard keepsTime.withLock({ $0 }) else { return }
        try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
    }
}
