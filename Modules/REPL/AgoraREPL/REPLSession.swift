import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI

/// The REPL's engine, with no terminal in it: reads a command line, runs it against the app's
/// top screen or as a global command, waits for the work it started, and reports the outcome.
///
/// The `agora` executable feeds it lines from libedit, a pipe or a script; tests feed it
/// transcripts and compare what it wrote.
@MainActor
public final class REPLSession {
    public let application: AgoraApplication
    /// The application's navigation stack, each ViewModel shown by its feature's screen.
    public let screens: ScreenStack
    private let console: ErrorCountingConsole
    private var observations: [OutputObservation] = []
    private var shownDepth = 0
    /// The screen on top when the stack last changed.
    private var shownTop: ObjectIdentifier?
    /// The screen on top when the running command began: a command that ends on it (a screen it
    /// opened closed itself, as one for an event that does not exist does) does not redraw it.
    private var topAtCommandStart: ObjectIdentifier?
    /// The commands plugins offer on every screen (`login`, `whoami`…).
    private var featureCommands: [FeatureCommand] = []
    /// Lower-cased names of commands whose arguments are secrets, from every plugin.
    private let secretCommandNames: Set<String>
    /// Every kind of screen's commands, from the plugins: for `help` about another screen's.
    private let commandSets: [ScreenCommandSet]
    /// How a script logs in, from the feature that logs in: for the error of a command a
    /// script left waiting for a login.
    private let scriptedLogin: String?
    /// Told while the session waits for a command's work (a terminal's spinner); `nil` by default.
    public weak var busyIndicator: (any BusyIndicating)?
    /// What the commands under "Watching the architecture" show (`trace`, `stack`, `inspect`…).
    public let explorer: ArchitectureExplorer
    /// Told after each command ``run(_:bail:)`` ran, with its line and outcome: `--format json`
    /// writes the command's record then.
    public var commandEnded: (@MainActor (String, CommandOutcome) -> Void)?

    /// Starts the app for `configuration`, its screens writing to `console`.
    public init(
        configuration: AppConfiguration,
        console: any Console,
        features: [any FeatureScreens] = AgoraPlugins.all
    ) throws(AppStartError) {
        // Screens write through the counting console, so an error a request reports later
        // still marks the command that started it as failed.
        // In live mode, a server that cannot be reached is named, with how to start it.
        let shown = configuration.mode == .live ? LiveServerConsole(console, server: configuration.apiBaseURL) : console
        self.console = ErrorCountingConsole(shown)
        application = try AgoraApplication(configuration: configuration, plugins: features.map(\.plugin), console: self.console)
        let coordinator = application.coordinator
        screens = ScreenStack(coordinator: coordinator, features: features, console: self.console)
        explorer = ArchitectureExplorer(
            coordinator: coordinator, screens: screens, container: application.container, serviceRequests: application.serviceRequests,
            cacheWrites: application.cacheWrites
        )
        secretCommandNames = features.reduce(into: []) { $0.formUnion($1.secretCommandNames) }
        commandSets = features.flatMap(\.screenCommandSets)
        scriptedLogin = features.lazy.compactMap(\.scriptedLogin).first
        let context = FeatureCommandContext(
            resolver: application.container, navigator: coordinator, console: self.console, demoLogin: configuration.demoLogin
        )
        for feature in features {
            do {
                featureCommands += try feature.commands(context: context)
            } catch {
                throw .featureFailed(feature: feature.plugin.name, reason: "\(error)")
            }
        }
        observations = [
            screens.entries.observe { [weak self] stack in self?.stackChanged(stack) },
            coordinator.failures.observe { [weak self] failure in self?.console.error(failure.description) },
            application.sessions.warnings.observe { [weak self] warning in self?.console.error(warning) },
        ]
        if let problem = application.sessions.restoreProblem { self.console.error(problem) }
    }

    /// The command lines of a one-line script (`agora -c 'open agora://events; more'`): split at
    /// each `;` and line break, quotes or not, so an apostrophe in free text cannot hide the next
    /// command; `\;` is a `;` inside a command.
    public nonisolated static func lines(ofOneLineScript text: String) -> [String] {
        CommandLineTokenizer.statements(in: text)
    }

    /// Whether `line` may be kept in history: not when its first word, in any letter case, names
    /// a command with secret arguments here or on any other screen.
    public func mayRemember(_ line: String) -> Bool {
        guard let name = line.split(whereSeparator: \.isWhitespace).first?.lowercased() else { return true }
        if secretCommandNames.contains(name) { return false }
        // `send passwordChanged …`: an input whose argument is a secret.
        if name == GlobalCommand.send.rawValue {
            let words = line.split(whereSeparator: \.isWhitespace)
            if words.count > 1, explorer.sendsSecret(String(words[1])) { return false }
        }
        return !availableCommands.contains { $0.name.lowercased() == name && $0.hidesArguments }
    }

    /// Whether `line` is one word naming a command of the current screen whose argument is a
    /// secret (`password` alone on the login screen): the terminal then asks for it with echo off.
    public func asksForHiddenValue(_ line: String) -> Bool {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let name = words.first else { return false }
        return availableCommands.contains { $0.name.lowercased() == name.lowercased() && $0.hidesArguments }
    }

    /// The first line at a terminal: the mode and, in live mode, the server it talks to.
    public var banner: String {
        let configuration = application.configuration
        let mode = configuration.mode == .live ? "live mode, server \(configuration.apiBaseURL)" : "\(configuration.mode.rawValue) mode"
        return "Agora \(AgoraVersion.current) (\(mode)). Type `help` for commands, `open agora://events` to start, Ctrl-D to leave."
    }

    /// The prompt: the mode and where the user is, e.g. `oss events/42> `.
    public var prompt: String {
        let location = screens.top.map { " \($0.route.path)" } ?? ""
        return "\(application.configuration.mode.rawValue)\(location)> "
    }

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
    /// - Returns: the process exit status: 0 when every command succeeded, 1 otherwise.
    public func run(_ next: @escaping (String) async -> String?, bail: Bool = false, unattended: Bool = false) async -> Int32 {
        await withCheckedContinuation { finished in
            CommandRun(session: self, next: next, bail: bail, unattended: unattended) { finished.resume(returning: $0) }.start(after: nil)
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
    }

    /// Runs `line`, leaving the work it started running.
    func begin(_ line: String) async -> StartedCommand {
        let errorsBefore = console.errorCount
        topAtCommandStart = screens.top.map { ObjectIdentifier($0.screen) }
        let outcome = await dispatch(line)
        return StartedCommand(line: line, outcome: outcome, errorsBefore: errorsBefore)
    }

    /// The outcome of `command`, once its work has ended: failed when it or its work reported an
    /// error.
    func end(_ command: StartedCommand) -> CommandOutcome {
        topAtCommandStart = nil
        if command.outcome == .quit { return .quit }
        return console.errorCount > command.errorsBefore ? .failed : command.outcome
    }

    private func dispatch(_ line: String) async -> CommandOutcome {
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
                try await command.run(arguments)
                return .succeeded
            case .global(let global):
                return runGlobal(global, arguments: arguments)
            }
        } catch {
            return fail(error.message)
        }
    }

    private func runGlobal(_ global: GlobalCommand, arguments: [String]) -> CommandOutcome {
        switch global {
        case .open:
            guard let route = application.coordinator.route(forLink: arguments[0]) else {
                return fail("no screen at '\(arguments[0].prefix(80))': expected a link like \(linkExamples)")
            }
            do {
                try application.coordinator.present(route)
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .routes:
            // Built from the plugins: a new feature's links appear with no edit here.
            let table = TextTable([.init("Link"), .init("Opens", isFlexible: true)])
            let rows = application.coordinator.destinations.map { [$0.exampleLink, $0.summary] }
            console.print(lines: table.render(rows, width: console.width))
            return .succeeded
        case .back:
            guard application.coordinator.stack.value.count > 1 else { return fail("there is no previous screen") }
            application.coordinator.back()
            return .succeeded
        case .help:
            return help(arguments.first)
        case .env, .status:
            let description = AppDescription(configuration: application.configuration, user: application.sessions.user.map { "\($0.name) <\($0.email)>" })
            console.print(lines: description.lines)
            return .succeeded
        case .quit, .exit:
            return .quit
        case .stack:
            console.print(lines: explorer.stackLines())
            return .succeeded
        case .inspect:
            guard let lines = explorer.inspectLines() else { return fail("there is no screen to inspect: `open` one first") }
            console.print(lines: lines)
            return .succeeded
        case .inputs:
            do {
                console.print(lines: try explorer.inputsLines())
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .send:
            do {
                let sent = try explorer.send(arguments[0], arguments: Array(arguments.dropFirst()))
                // The screen shows what changed only where its own commands print; `inspect` and
                // `trace on` show the rest.
                console.print("Sent \(sent).")
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .container:
            console.print(lines: explorer.containerLines())
            return .succeeded
        case .resolve:
            do {
                console.print(lines: try explorer.resolveLines(arguments[0]))
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .plugins:
            console.print(lines: explorer.pluginsLines())
            return .succeeded
        case .trace:
            switch arguments[0].lowercased() {
            case "on": explorer.startTracing()
            case "off": explorer.stopTracing()
            default: return fail("trace takes 'on' or 'off', got '\(arguments[0].prefix(20))'")
            }
            return .succeeded
        }
    }

    private func fail(_ message: String) -> CommandOutcome {
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
    private func settle() async {
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
        screens.entries.value.first { !$0.screen.work.isIdle }?.screen.work
    }

    // MARK: Interrupting

    /// Cancels the work of every screen on the stack (Ctrl-C while a command runs), so the
    /// command's wait ends and the next prompt comes; says so when something was stopped.
    ///
    /// - Returns: whether any work was running.
    @discardableResult
    public func interrupt() -> Bool {
        let busy = screens.entries.value.filter { !$0.screen.work.isIdle }
        for presentation in busy { presentation.screen.work.cancelAll() }
        if !busy.isEmpty { console.print("Stopped: the command was cancelled.") }
        return !busy.isEmpty
    }

    private func stackChanged(_ stack: [ScreenStack.Entry]) {
        defer {
            shownDepth = stack.count
            shownTop = stack.last.map { ObjectIdentifier($0.screen) }
        }
        explorer.stackChanged()
        guard let top = stack.last else { return }
        if stack.count < shownDepth {
            // Back to a screen that was shown before; not redrawn when the command that is
            // running began on it and what it opened closed itself.
            if ObjectIdentifier(top.screen) != topAtCommandStart { top.screen.reappear() }
        } else if ObjectIdentifier(top.screen) != shownTop {
            // A new screen on top: pushed, or in place of the one shown (its route opened again).
            top.screen.appear()
        }
    }

    // MARK: Messages

    private var availableCommands: [ScreenCommand] {
        let screenCommands = screens.top?.screen.commands ?? []
        let names = Set(screenCommands.map(\.name))
        return screenCommands + everywhereCommands.filter { !names.contains($0.name) }
    }

    /// The commands of every screen: the features' and the REPL's own.
    private var everywhereCommands: [ScreenCommand] {
        featureCommands.map(\.definition) + (GlobalCommand.listed + GlobalCommand.explorer).map(\.definition)
    }

    private func unknownCommandMessage(_ name: String) -> String {
        let shown = String(name.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        if let place = commandHelp.whereElse(name) {
            return "'\(shown)' is not a command on this screen: it works \(place). Type `help \(shown.lowercased())` for more."
        }
        let known = availableCommands.map(\.name) + ["exit", "status"]
        let nearest = Suggestions.nearest(to: name, among: known)
        let hint = nearest.isEmpty ? "" : " Did you mean \(nearest.map { "'\($0)'" }.joined(separator: " or "))?"
        return "unknown command '\(shown)'.\(hint) Type `help` for the commands here."
    }

    /// Two links `open` takes, for its error: a list and an item of the first feature that has
    /// both (`agora://events or agora://events/42`), else the first link there is.
    private var linkExamples: String {
        let plugins = application.coordinator.plugins
        for plugin in plugins {
            if let list = plugin.destinations.first(where: { !$0.pattern.hasParameters }),
                let item = plugin.destinations.first(where: { $0.pattern.hasParameters })
            {
                return "\(list.exampleLink) or \(item.exampleLink)"
            }
        }
        return plugins.lazy.flatMap(\.destinations).first?.exampleLink ?? "agora://<path>"
    }

    private func arityMessage(_ command: ScreenCommand, _ count: Int) -> String {
        if command.argumentStyle == .restOfLine, count == 0 {
            return "\(command.name) needs text after it, got none. Usage: \(command.usage)"
        }
        let expected =
            switch (command.arity.lowerBound, command.arity.upperBound) {
            case (0, 0): "no arguments"
            case (let low, let high) where low == high: "\(low) argument\(low == 1 ? "" : "s")"
            case (let low, Int.max): "at least \(low) argument\(low == 1 ? "" : "s")"
            case (let low, let high): "\(low) to \(high) arguments"
            }
        return "\(command.name) takes \(expected), got \(count). Usage: \(command.usage)"
    }

    private var commandHelp: CommandHelp {
        let top = screens.top
        return CommandHelp(
            screenCommands: top?.screen.commands ?? [], path: top?.route.path,
            everywhere: featureCommands.map(\.definition) + GlobalCommand.listed.map(\.definition), commandSets: commandSets
        )
    }

    private func help(_ topic: String?) -> CommandOutcome {
        guard let topic else {
            console.print(lines: commandHelp.overview)
            return .succeeded
        }
        guard let lines = commandHelp.explain(topic) else { return fail(unknownCommandMessage(topic)) }
        console.print(lines: lines)
        return .succeeded
    }

    // MARK: Completion

    /// What TAB can complete on the current screen, as a value the line editor's thread can use.
    public var completionTable: CompletionTable {
        let screen = screens.top?.screen
        var arguments: [String: [String]] = [:]
        for command in screen?.commands ?? [] {
            arguments[command.name] = screen?.completions(forArgumentOf: command.name) ?? []
        }
        // Every link with no id to fill in, from the plugins' destinations.
        arguments["open", default: []] += application.coordinator.destinations.filter { !$0.pattern.hasParameters }.map(\.exampleLink)
        arguments["help"] = availableCommands.map(\.name)
        arguments["send"] = explorer.inputNames()
        arguments["trace"] = ["on", "off"]
        return CompletionTable(
            commands: availableCommands.map(\.name), arguments: arguments,
            linkPatterns: application.coordinator.destinations.map(\.pattern)
        )
    }
}

/// One ``REPLSession/run(_:bail:)``: its commands in order, each run in a task on the main actor
/// until one leaves work running; the next task starts when that work has ended.
@MainActor
private final class CommandRun {
    private let session: REPLSession
    private let next: (String) async -> String?
    private let bail: Bool
    private let unattended: Bool
    private let finished: (Int32) -> Void
    private var failures = 0
    /// Whether the busy indicator was told that the current command's work is running.
    private var isWaiting = false

    init(
        session: REPLSession, next: @escaping (String) async -> String?, bail: Bool, unattended: Bool, finished: @escaping (Int32) -> Void
    ) {
        self.session = session
        self.next = next
        self.bail = bail
        self.unattended = unattended
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
                guard let line = await next(session.prompt) else {
                    if session.giveUpAwaitedLogin(.inputEnded) { failures += 1 }
                    finished(failures == 0 ? 0 : 1)
                    return
                }
                command = await session.begin(line)
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
