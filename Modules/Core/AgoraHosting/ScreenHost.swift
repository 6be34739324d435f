import AgoraArchitecture

/// Follows an `ApplicationCoordinator`'s stack with one screen per ViewModel, for any view: the
/// part of a host every view of an Agora app needs, written once.
///
/// A ViewModel new on the stack gets its screen from the view (`makeScreen`), which it keeps while
/// the ViewModel stays on the stack. Whenever the stack changes, the host publishes the screens
/// (``entries``) first — so a trace shows the navigation before what it causes — then tells the
/// screen on top: ``HostedScreen/appear()`` the first time it is on top, and
/// ``HostedScreen/reappear()`` when a screen above it closed, unless the view said not to
/// (``reappearsUncovered``: screens closed to make way for another, say).
@MainActor
public final class ScreenHost<Screen> {
    /// A screen on the stack, with the route that opened it and the ViewModel it shows.
    public struct Entry {
        public let route: Route
        public let screen: Screen
        public let viewModel: any ViewModel
    }

    /// The screens, bottom first; the last is the one shown.
    public var entries: Output<[Entry]> { entriesSource.output }
    /// The screen shown, if any.
    public var top: Entry? { entriesSource.value.last }
    /// Whether a screen uncovered by one that closed above it is told it is back; the view
    /// decides (a REPL command that closed what it opened does not draw its screen twice).
    public var reappearsUncovered: (Screen) -> Bool = { _ in true }

    private let hosted: (Screen) -> any HostedScreen
    private let makeScreen: (ApplicationCoordinator.Presentation) -> Screen?
    private let entriesSource = OutputSource<[Entry]>([])
    private var appeared: Set<ObjectIdentifier> = []
    private var shownTop: ObjectIdentifier?
    private var observation: OutputObservation?

    /// Follows `coordinator`'s stack from now on.
    ///
    /// - Parameters:
    ///   - coordinator: the application coordinator whose stack the view shows.
    ///   - hosted: the screen as the host drives it (usually the screen itself).
    ///   - makeScreen: the view's screen for a ViewModel new on the stack; `nil` when no feature
    ///     of the view shows it (the view says so in its own terms).
    public init(
        coordinator: ApplicationCoordinator, hosted: @escaping (Screen) -> any HostedScreen,
        makeScreen: @escaping (ApplicationCoordinator.Presentation) -> Screen?
    ) {
        self.hosted = hosted
        self.makeScreen = makeScreen
        observation = coordinator.stack.observe { [weak self] stack in self?.follow(stack) }
    }

    /// The screen showing `viewModel`, if it is on the stack.
    public func screen(of viewModel: any ViewModel) -> Screen? {
        entriesSource.value.last { $0.viewModel === viewModel }?.screen
    }

    /// The work of the first screen on the stack that has some running; `nil` when none has.
    public var busyWork: WorkTracker? {
        entriesSource.value.lazy.map { self.hosted($0.screen).work }.first { !$0.isIdle }
    }

    /// Returns once no screen on the stack has work running: an input may have opened a screen
    /// whose own loading started, or closed one whose answer is still to come.
    public func settle() async {
        while let busy = busyWork {
            await busy.waitUntilIdle()
        }
    }

    /// Stops following the stack and lets go of every screen, telling none: the view is going
    /// away (a web session that ended).
    public func stop() {
        observation?.cancel()
        observation = nil
        appeared = []
        shownTop = nil
        entriesSource.send([])
    }

    private func follow(_ stack: [ApplicationCoordinator.Presentation]) {
        // A ViewModel keeps its screen while it stays on the stack.
        let previous = entriesSource.value
        let entries = stack.compactMap { presentation -> Entry? in
            if let kept = previous.last(where: { $0.viewModel === presentation.viewModel }) { return kept }
            return makeScreen(presentation).map { Entry(route: presentation.route, screen: $0, viewModel: presentation.viewModel) }
        }
        let onStack = Set(entries.map { ObjectIdentifier($0.viewModel) })
        appeared.formIntersection(onStack)
        let wasShown = shownTop
        shownTop = entries.last.map { ObjectIdentifier($0.viewModel) }
        entriesSource.send(entries)
        guard let top = entries.last, ObjectIdentifier(top.viewModel) != wasShown else { return }
        let screen = hosted(top.screen)
        if appeared.insert(ObjectIdentifier(top.viewModel)).inserted {
            screen.appear()
        } else if reappearsUncovered(top.screen) {
            screen.reappear()
        }
    }
}
