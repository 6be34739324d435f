import AgoraArchitecture
import AgoraHosting

/// The navigation stack as the terminal shows it: one screen for each ViewModel on the
/// `ApplicationCoordinator`'s stack, made by the feature whose screens show it, followed, shown
/// and waited for by the kit's `ScreenHost` as every view's are.
///
/// Each screen writes through a console of its own that is quiet while another screen covers it
/// (see `CoverableConsole`), so the user reads only the screen in front.
@MainActor
public final class ScreenStack {
    /// A screen on the stack, with the route that opened it.
    public struct Entry {
        public let route: Route
        public let screen: any Screen
        /// The screen's console, quiet while another screen covers it.
        let console: CoverableConsole
    }

    /// The screens, bottom first; the last is what the user sees.
    public var entries: Output<[Entry]> { entriesSource.output }
    /// The screen the user sees, if any.
    public var top: Entry? { entriesSource.value.last }
    /// Whether a screen uncovered by one that closed above it draws itself again (see
    /// `ScreenHost.reappearsUncovered`).
    public var reappearsUncovered: (any Screen) -> Bool = { _ in true }

    private let host: ScreenHost<Entry>
    private let entriesSource = OutputSource<[Entry]>([])
    private var observation: OutputObservation?

    /// Follows `coordinator`'s stack, showing each ViewModel with the first of `features` that
    /// has a screen for it.
    public init(coordinator: ApplicationCoordinator, features: [any FeatureScreens], console: any Console) {
        host = ScreenHost(coordinator: coordinator, hosted: { $0.screen }) { presentation in
            let covered = CoverableConsole(console)
            let screen =
                features.lazy.compactMap { $0.screen(for: presentation.viewModel, console: covered) }.first
                ?? MissingScreen(viewModel: presentation.viewModel, route: presentation.route, console: covered)
            return Entry(route: presentation.route, screen: screen, console: covered)
        }
        host.reappearsUncovered = { [weak self] entry in self?.reappearsUncovered(entry.screen) ?? true }
        // Before the host tells the top screen it shows: only the screen in front may print.
        observation = host.entries.observe { [weak self] entries in
            let screens = entries.map(\.screen)
            for (index, entry) in screens.enumerated() {
                entry.console.isCovered = index < screens.count - 1
            }
            self?.entriesSource.send(screens)
        }
    }

    /// The work of the first screen on the stack that has some running; `nil` when none has.
    public var busyWork: WorkTracker? { host.busyWork }

    /// Runs `command` with what the screens on the stack print held back until it ends, then
    /// shown: a command every screen has (`logout`) says what it did first, and the screen in
    /// front what follows from it (the feed that now needs a login) after.
    public func holdingScreenLines(during command: () async throws(CommandError) -> Void) async throws(CommandError) {
        let consoles = entriesSource.value.map(\.console)
        for console in consoles { console.hold() }
        defer { for console in consoles { console.release() } }
        try await command()
    }
}
