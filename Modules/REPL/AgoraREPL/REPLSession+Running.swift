import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI
import Foundation

/// Running a command: reading its line, dispatching it, waiting for its work, its outcome.
extension REPLSession {

    /// Runs lines until the input ends or the user quits.
    ///
    /// Commands run in tasks on the main actor, one after another. A command whose work is still
    /// running does not wait for it in its task: the next task starts when the work ends. A wait
    /// is resumed through the global pool (the runtime resumes every continuation there) and
    /// then hops back, a cross-thread wake-up each way per command; a task started from the main
    /// actor runs on the thread that is already draining its queue. Cancelling the
    /// calling task does not stop the commands; Ctrl-C stops a command's work (``interrupt()``).
    ///
    /// A login the features wait for (a comment to post after it) is given up, each waiting
    /// action cancelled with an error that says what was not done, when nobody can answer it:
    /// at the end of each command of an `unattended` run, and when the input ends or the user
    /// quits with it unanswered.
    ///
    /// - Parameters:
    ///   - bail: stop at the first command that fails (sqlite3's `-bail`).
    ///   - unattended: the lines are a script (`--script`, `-c`), written before any prompt
    ///     was shown: a command that ends waiting for a login fails, and `--bail` stops there.
    ///   - unshown: the lines are not shown as they run (the startup file's): with `timing on`
    ///     they are not timed, since a time line would follow no command the user can see.
    /// - Returns: the process exit status: 0 when every command succeeded, 1 otherwise.
    public func run(
        _ next: @escaping (String) async -> String?, bail: Bool = false, unattended: Bool = false, unshown: Bool = false
    ) async -> Int32 {
        await withCheckedContinuation { finished in
            CommandRun(session: self, next: next, bail: bail, unattended: unattended, timed: !unshown) {
                finished.resume(returning: $0)
            }.start(after: nil)
        }
    }

    /// Runs one command line and waits for the work it started.
    public func execute(_ line: String) async -> CommandOutcome {
        let command = await begin(line)
        await settle()
        return end(command)
    }

    /// A command that ran, whose work may still be running.
    struct StartedCommand {
        let line: String
        let outcome: CommandOutcome
        let errorsBefore: Int
        /// When it began, if its time is to be shown: `timing on` was in force before it.
        let startedAt: ContinuousClock.Instant?
    }

    /// Runs `line`, leaving the work it started running; with `timing on` and `timed`, its
    /// time is shown when it ends, unless the line runs nothing (blank, or a `#` comment).
    func begin(_ line: String, timed: Bool = true) async -> StartedCommand {
        let errorsBefore = console.errorCount
        let startedAt = showsTiming && timed && !CommandInvocation.runsNothing(line) ? ContinuousClock.now : nil
        stackAtCommandStart = screens.entries.value.map { ObjectIdentifier($0.screen) }
        let outcome = await dispatch(line)
        return StartedCommand(line: line, outcome: outcome, errorsBefore: errorsBefore, startedAt: startedAt)
    }

    /// The outcome of `command`, once its work has ended: failed when it or its work reported an
    /// error. With `timing on` (before and after it, so `timing on` and `off` are not timed),
    /// one line says how long it took, as psql's `\timing` does.
    func end(_ command: StartedCommand) -> CommandOutcome {
        stackAtCommandStart = nil
        if command.outcome == .quit { return .quit }
        if showsTiming, let startedAt = command.startedAt {
            console.showTiming(milliseconds: ArchitectureTrace.milliseconds(ContinuousClock.now - startedAt))
        }
        return console.errorCount > command.errorsBefore ? .failed : command.outcome
    }

    func dispatch(_ line: String) async -> CommandOutcome {
        let screen = screens.top?.screen
        let invocation: CommandInvocation
        do {
            // A word that names no command here keeps its line unsplit: the error is then about
            // the command (`post I'll go` on a list), never about a quote in its text.
            let read = try CommandInvocation.read(line) { [featureCommands] word in
                ResolvedCommand.find(word, screen: screen, featureCommands: featureCommands)?.definition.argumentStyle ?? .restOfLine
            }
            guard let read else { return .succeeded }
            invocation = read
        } catch {
            return fail(error.message)
        }
        let arguments = invocation.arguments
        guard
            let command = ResolvedCommand.find(
                invocation.name, firstArgument: arguments.first, screen: screen, featureCommands: featureCommands
            )
        else {
            return fail(unknownCommandMessage(invocation.name))
        }
        let definition = command.definition
        guard definition.arity.contains(arguments.count) else { return fail(arityMessage(definition, arguments.count)) }
        do {
            switch command {
            case .screen(let screen, let definition):
                try screen.perform(definition.name, arguments: arguments)
                return .succeeded
            case .feature(let command):
                // Its own message comes first, then what the screen in front says of it.
                try await screens.holdingScreenLines { () async throws(CommandError) in try await command.run(arguments) }
                return .succeeded
            case .global(let global):
                return await runGlobal(global, arguments: arguments)
            }
        } catch {
            return fail(error.message)
        }
    }

    func fail(_ message: String) -> CommandOutcome {
        console.error(message)
        return .failed
    }

    /// Gives up on the login the features wait for, if they wait for one: each waiting action
    /// is cancelled (a comment kept as not sent), and one error says what was not done, so the
    /// command that left it fails. For a script the login screen closes, as after `cancel`, and
    /// its next lines run where the command began; at the end of the input it stays.
    ///
    /// - Returns: whether something was left undone (and the error printed).
    func giveUpAwaitedLogin(_ reason: LoginAbandonment) -> Bool {
        let waits = application.sessions.loginWaits
        guard !waits.isEmpty else { return false }
        let undone = waits.abandon(closingLogin: reason == .scriptCannotAnswer)
        guard !undone.isEmpty else { return false }
        console.error(reason.message(undone: undone, scriptedLogin: scriptedLogin))
        return true
    }

    /// Waits until no screen on the stack has work running; a command may have pushed a screen
    /// whose own loading started. Tells ``busyIndicator`` while it waits.
    func settle() async {
        var isWaiting = false
        while let busy = busyWork {
            if !isWaiting {
                isWaiting = true
                busyIndicator?.workStarted()
            }
            await busy.waitUntilIdle()
        }
        if isWaiting { busyIndicator?.workEnded() }
    }

    /// The work of the first screen on the stack that has some running; `nil` when none has.
    var busyWork: WorkTracker? {
        screens.busyWork
    }

    // MARK: Interrupting

    /// Cancels the work of every screen on the stack (Ctrl-C while a command runs), so the
    /// command's wait ends and the next prompt comes; says so when something was stopped. A
    /// screen the command opened whose load was stopped closes: it would show nothing, and the
    /// stack is left as the command found it (`open 2` stopped is still on the list). A change
    /// being sent (a post, an RSVP) is not stopped, and it says that instead: its result,
    /// posted or not, is told when the server answers.
    ///
    /// - Returns: whether any work was running.
    @discardableResult
    public func interrupt() -> Bool {
        let busy = screens.entries.value.filter { !$0.screen.work.isIdle }
        for presentation in busy { presentation.screen.work.cancelAll() }
        if busy.contains(where: { $0.screen.work.isSending }) {
            // A change already sent cannot be called back: its answer is what happened.
            console.print("Not stopped: what was sent cannot be called back once it left; the server's answer follows.")
        } else if !busy.isEmpty {
            closeScreensOpenedAndStopped(busy)
            console.print("Stopped: the command was cancelled.")
        }
        return !busy.isEmpty
    }

    /// Closes the screens the running command opened, above those it began with, when the work
    /// stopped was theirs.
    private func closeScreensOpenedAndStopped(_ stopped: [ScreenStack.Entry]) {
        guard let before = stackAtCommandStart else { return }
        let now = screens.entries.value.map { ObjectIdentifier($0.screen) }
        let kept = zip(before, now).prefix { $0 == $1 }.count
        let opened = Set(now.dropFirst(kept))
        guard stopped.contains(where: { opened.contains(ObjectIdentifier($0.screen)) }) else { return }
        for _ in opened { application.coordinator.dismiss() }
    }

    /// The stack changed, before its top screen is told it shows (the screens' host tells it):
    /// the explorer traces the navigation first, so the trace reads in the order things happen.
    func stackChanged(_ stack: [ScreenStack.Entry]) {
        explorer.stackChanged()
        if let path = stack.last?.route.segments.first { shownRoutePaths.insert(path) }
    }
}
