import AgoraArchitecture

/// The navigation stack as the terminal shows it: one screen for each ViewModel on the
/// `ApplicationCoordinator`'s stack, made by the feature whose screens show it.
///
/// Each screen writes through a console of its own that is quiet while another screen covers it
/// (see `CoverableConsole`), so the user reads only the screen in front.
@MainActor
public final class ScreenStack {
    /// A screen on the stack, with the route that opened it.
    public struct Entry {
        public let route: Route
        public let screen: any Screen
        /// The ViewModel it shows.
        let viewModel: ObjectIdentifier
        /// The screen's console, quiet while another screen covers it.
        let console: CoverableConsole
    }

    /// The screens, bottom first; the last is what the user sees.
    public var entries: Output<[Entry]> { entriesSource.output }
    /// The screen the user sees, if any.
    public var top: Entry? { entriesSource.value.last }

    private let features: [any FeatureScreens]
    private let console: any Console
    private let entriesSource = OutputSource<[Entry]>([])
    private var observation: OutputObservation?

    /// Follows `coordinator`'s stack, showing each ViewModel with the first of `features` that
    /// has a screen for it.
    public init(coordinator: ApplicationCoordinator, features: [any FeatureScreens], console: any Console) {
        self.features = features
        self.console = console
        observation = coordinator.stack.observe { [weak self] stack in self?.follow(stack) }
    }

    /// Runs `command` with what the screens on the stack print held back until it ends, then
    /// shown: a command every screen has (`logout`) says what it did first, and the screen in
    /// front what follows from it (the feed that now needs a login) after.
    public func holdingScreenLines(during command: () async throws(CommandError) -> Void) async throws(CommandError) {
        let consoles = entriesSource.value.map(\.console)
        for console in consoles { console.hold() }
        defer { for console in consoles { console.release() } }
        try await command()
    }

    private func follow(_ stack: [ApplicationCoordinator.Presentation]) {
        // A ViewModel keeps its screen while it stays on the stack.
        let shown = Dictionary(entriesSource.value.map { ($0.viewModel, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = stack.map { presentation in
            shown[ObjectIdentifier(presentation.viewModel)] ?? makeEntry(for: presentation)
        }
        for (index, entry) in entries.enumerated() {
            entry.console.isCovered = index < entries.count - 1
        }
        entriesSource.send(entries)
    }

    private func makeEntry(for presentation: ApplicationCoordinator.Presentation) -> Entry {
        let console = CoverableConsole(self.console)
        let screen =
            features.lazy.compactMap { $0.screen(for: presentation.viewModel, console: console) }.first
            ?? MissingScreen(viewModel: presentation.viewModel, route: presentation.route, console: console)
        return Entry(route: presentation.route, screen: screen, viewModel: ObjectIdentifier(presentation.viewModel), console: console)
    }
}
