import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI

/// One ``REPLSession/run(_:bail:)``: its commands in order, each run in a task on the main actor
/// until one leaves work running; the next task starts when that work has ended.
@MainActor
final class CommandRun {
    private let session: REPLSession
    private let next: (String) async -> String?
    private let bail: Bool
    private let unattended: Bool
    /// Whether its commands are timed with `timing on`.
    private let timed: Bool
    private let finished: (Int32) -> Void
    private var failures = 0
    /// Whether the busy indicator was told that the current command's work is running.
    private var isWaiting = false

    init(
        session: REPLSession, next: @escaping (String) async -> String?, bail: Bool, unattended: Bool, timed: Bool,
        finished: @escaping (Int32) -> Void
    ) {
        self.session = session
        self.next = next
        self.bail = bail
        self.unattended = unattended
        self.timed = timed
        self.finished = finished
    }

    /// Ends `previous` once no screen has work running, then runs the next lines, in a new task.
    func start(after previous: REPLSession.StartedCommand?) {
        Task { @MainActor in
            var command = previous
            while true {
                if let started = command {
                    if let busy = session.busyWork {
                        wait(for: busy, then: started)
                        return
                    }
                    // The command's error; a screen it uncovers may start work, waited for first.
                    if unattended, session.giveUpAwaitedLogin(.scriptCannotAnswer) { continue }
                    guard proceed(after: started) else { return }
                }
                // What screens draw while the line is typed (another member's comment) waits for
                // the command: it would break the line.
                session.betweenCommands.hold()
                let line = await next(session.prompt)
                session.betweenCommands.release()
                guard let line else {
                    if session.giveUpAwaitedLogin(.inputEnded) { failures += 1 }
                    finished(failures == 0 ? 0 : 1)
                    return
                }
                command = await session.begin(line, timed: timed)
            }
        }
    }

    private func wait(for work: WorkTracker, then command: REPLSession.StartedCommand) {
        if !isWaiting {
            isWaiting = true
            session.busyIndicator?.workStarted()
        }
        // The tracker keeps this callback until its work ends, and the callback keeps the
        // tracker: a screen closed meanwhile (an event that does not exist) still tells.
        work.whenIdle { [self, work] in
            withExtendedLifetime(work) { start(after: command) }
        }
    }

    /// Ends `command`; `false` when the run is over (and ``finished`` was told).
    private func proceed(after command: REPLSession.StartedCommand) -> Bool {
        if isWaiting {
            isWaiting = false
            session.busyIndicator?.workEnded()
        }
        // Quitting at the login prompt: what waited is said not done, in `quit`'s own record.
        if command.outcome == .quit, session.giveUpAwaitedLogin(.quit) { failures += 1 }
        let outcome = session.end(command)
        session.commandEnded?(command.line, outcome)
        switch outcome {
        case .succeeded:
            return true
        case .failed:
            failures += 1
            guard bail else { return true }
            finished(1)
            return false
        case .quit:
            finished(failures == 0 ? 0 : 1)
            return false
        }
    }
}
