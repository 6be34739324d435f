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
    let console: ErrorCountingConsole
    /// Holds what screens write while the next line is read.
    let betweenCommands: LineHoldingConsole
    var observations: [OutputObservation] = []
    /// The screens on the stack when the running command began, bottom first; `nil` between
    /// commands. A command that ends on its top (a screen it opened closed itself, as one for an
    /// event that does not exist does) does not redraw it, and one interrupted before what it
    /// opened showed anything leaves the stack as it was.
    var stackAtCommandStart: [ObjectIdentifier]?
    /// The screen on top when the running command began, if any.
    var topAtCommandStart: ObjectIdentifier? { stackAtCommandStart?.last }
    /// The commands plugins offer on every screen (`login`, `whoami`…).
    var featureCommands: [FeatureCommand] = []
    /// Lower-cased names of commands whose arguments are secrets, from every plugin.
    let secretCommandNames: Set<String>
    /// Every kind of screen's commands, from the plugins: for `help` about another screen's.
    let commandSets: [ScreenCommandSet]
    /// How a script logs in, from the feature that logs in: for the error of a command a
    /// script left waiting for a login.
    let scriptedLogin: String?
    /// Told while the session waits for a command's work (a terminal's spinner); `nil` by default.
    public weak var busyIndicator: (any BusyIndicating)?
    /// What the commands under "Watching the architecture" show (`trace`, `stack`, `inspect`…).
    public let explorer: ArchitectureExplorer
    /// Told after each command ``run(_:bail:)`` ran, with its line and outcome: `--format json`
    /// writes the command's record then.
    public var commandEnded: (@MainActor (String, CommandOutcome) -> Void)?
    /// What `output`, `format`, `pager` and `edit` use of the process; `nil` in tests of the
    /// engine alone.
    public var host: (any ShellHost)?
    /// Whether each command is followed by how long it took (`timing on`).
    var showsTiming = false
    /// Where the plugins' link ids are at hand, for TAB after `open`.
    var linkIDSources: [LinkIDSource] = []
    /// The ids those sources had when last read (``readLinkIDs()``), by the path before the id.
    var linkIDs: [String: [Int]] = [:]
    /// The first segment of every route shown this session (`events`): a source is read only
    /// once its feature was shown, so reading never makes what the app has not used yet (its
    /// UseCase stays new for `resolve`).
    var shownRoutePaths: Set<String> = []

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
        let holding = LineHoldingConsole(shown)
        betweenCommands = holding
        let counting = ErrorCountingConsole(holding)
        self.console = counting
        application = try AgoraApplication(configuration: configuration, plugins: features.map(\.plugin)) { line in counting.error(line) }
        let coordinator = application.coordinator
        screens = ScreenStack(coordinator: coordinator, features: features, console: self.console)
        explorer = ArchitectureExplorer(application: application, screens: screens)
        secretCommandNames = features.reduce(into: []) { $0.formUnion($1.secretCommandNames) }
        commandSets = features.flatMap(\.screenCommandSets)
        scriptedLogin = features.lazy.compactMap(\.scriptedLogin).first
        let context = FeatureCommandContext(
            resolver: application.container, navigator: coordinator, console: self.console, demoLogin: configuration.demoLogin
        )
        for feature in features {
            do {
                featureCommands += try feature.commands(context: context)
                linkIDSources += try feature.linkIDSources(resolver: application.container)
            } catch {
                throw .featureFailed(feature: feature.plugin.name, reason: "\(error)")
            }
        }
        // Back on a screen a screen above it covered, it draws itself again; not when the
        // command that is running began on it and what it opened closed itself.
        screens.reappearsUncovered = { [weak self] screen in ObjectIdentifier(screen) != self?.topAtCommandStart }
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
        ScriptLine.statements(in: text)
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
}
