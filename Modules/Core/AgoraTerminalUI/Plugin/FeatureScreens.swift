import AgoraArchitecture
import AgoraDI

/// A feature's terminal view: the screens that show its ViewModels, and the commands it adds to
/// the REPL. The view side of a `FeaturePlugin`, which knows no view at all.
///
/// Each feature's REPL target exports one (`EventsScreens`); the REPL is the list of them. A GUI
/// app would use the same feature library with views of its own instead.
@MainActor
public protocol FeatureScreens {
    /// The feature library's plugin: its registrations, routes and coordinators.
    var plugin: any FeaturePlugin { get }
    /// The screen that shows `viewModel`, or `nil` when no coordinator of this feature starts
    /// ViewModels of its kind.
    func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)?
    /// Commands the feature offers on every screen; none by default.
    func commands(context: FeatureCommandContext) throws -> [FeatureCommand]
    /// Command names, lower-cased, whose arguments are secrets (Auth's `password` and `code`): a
    /// line that starts with one, in any letter case and on any screen, is never kept in the
    /// history, since a person may type it where the command does not apply. None by default.
    var secretCommandNames: Set<String> { get }
    /// The commands of each kind of screen the feature shows, with where they apply: `help` on
    /// any screen can then explain every command. None by default.
    var screenCommandSets: [ScreenCommandSet] { get }
    /// How a script logs in with the feature's commands, as a list of them (`login`, `email
    /// <address>`, …): the error of a script's command left waiting for a login says it. `nil`
    /// (the default) for a feature that does not log in.
    var scriptedLogin: String? { get }
    /// Where the ids its links take are at hand without asking a server (the events in the
    /// cache), for TAB to offer them after `open`; none by default.
    func linkIDSources(resolver: any Resolver) throws -> [LinkIDSource]
}

extension FeatureScreens {
    public func commands(context: FeatureCommandContext) throws -> [FeatureCommand] { [] }
    public var secretCommandNames: Set<String> { [] }
    public var screenCommandSets: [ScreenCommandSet] { [] }
    public var scriptedLogin: String? { nil }
    public func linkIDSources(resolver: any Resolver) throws -> [LinkIDSource] { [] }
}

/// What a feature's every-screen commands get from the REPL: where to resolve their
/// dependencies, how to navigate and where to write, and the demo account a login may offer.
@MainActor
public struct FeatureCommandContext {
    public let resolver: any Resolver
    public let navigator: any Navigator
    public let console: any Console
    /// An account anyone may log in with ("alice@agora.example / agora-demo") when the app runs
    /// on demo data (OSS mode), for a login command's summary; `nil` otherwise.
    public let demoLogin: String?

    public init(resolver: any Resolver, navigator: any Navigator, console: any Console, demoLogin: String? = nil) {
        self.resolver = resolver
        self.navigator = navigator
        self.console = console
        self.demoLogin = demoLogin
    }
}
