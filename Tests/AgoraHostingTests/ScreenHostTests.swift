import AgoraArchitecture
import AgoraDI
import AgoraHosting
import Testing

/// A ViewModel that only knows its route.
@MainActor
final class PlainViewModel: ViewModel {
    let route: Route
    let work = WorkTracker()

    init(route: Route) { self.route = route }
}

/// Shows `list` and `list/{id}`, each with a ``PlainViewModel``.
@MainActor
struct PlainPlugin: FeaturePlugin {
    struct NoRegistrations: Assembly {
        func assemble(container: Container) {}
    }

    final class Start: Coordinator {
        let route: Route
        init(route: Route) { self.route = route }
        func start() -> any ViewModel { PlainViewModel(route: route) }
    }

    let name = "Plain"
    var assembly: any Assembly { NoRegistrations() }
    var destinations: [Destination] {
        [
            Destination("list", summary: "the list") { _, _ in Start(route: Route(path: "list")) },
            Destination("list/{id}", summary: "an item") { parameters, _ in try Start(route: Route(path: "list/\(parameters.id())")) },
        ]
    }
}

/// A screen that writes down what its host told it, in one log shared by every screen.
@MainActor
final class LoggingScreen: HostedScreen {
    let name: String
    /// Its ViewModel's work, as a view's screen's is.
    let work: WorkTracker
    private let log: Log

    final class Log {
        var lines: [String] = []
    }

    init(name: String, log: Log, work: WorkTracker = WorkTracker()) {
        self.name = name
        self.log = log
        self.work = work
    }

    func appear() { log.lines.append("appear \(name)") }
    func reappear() { log.lines.append("reappear \(name)") }
}

@MainActor
@Suite("ScreenHost: a screen per ViewModel on the stack, told when it shows, waited for")
struct ScreenHostTests {
    let coordinator = ApplicationCoordinator(plugins: [PlainPlugin()], resolver: Container())
    let log = LoggingScreen.Log()
    let host: ScreenHost<LoggingScreen>

    init() {
        let log = self.log
        host = ScreenHost(coordinator: coordinator, hosted: { $0 }) { presentation in
            LoggingScreen(name: presentation.route.path, log: log, work: presentation.viewModel.work)
        }
    }

    @Test("given screens pushed, when one closes, then each appeared once when it came on top, and the one uncovered reappears")
    func appearAndReappear() throws {
        try coordinator.present(Route(path: "list"))
        try coordinator.present(Route(path: "list/1"))
        coordinator.back()

        #expect(log.lines == ["appear list", "appear list/1", "reappear list"])
        #expect(host.entries.value.map(\.screen.name) == ["list"])
    }

    @Test("given the top's route opened again, when the fresh ViewModel takes its place, then its new screen appears, not the old one")
    func replacedTopAppears() throws {
        try coordinator.present(Route(path: "list"))
        let first = try #require(host.top?.screen)

        try coordinator.present(Route(path: "list"))

        #expect(log.lines == ["appear list", "appear list"])
        #expect(host.top?.screen !== first)
    }

    @Test("given a view that keeps a screen quiet when uncovered, when the screen above closes, then it is not told; it is on top all the same")
    func quietUncovering() throws {
        host.reappearsUncovered = { $0.name != "list" }
        try coordinator.present(Route(path: "list"))
        try coordinator.present(Route(path: "list/1"))

        coordinator.back()

        #expect(log.lines == ["appear list", "appear list/1"])
        #expect(host.top?.screen.name == "list")
    }

    @Test("given entries observed, when a screen is pushed, then the observer sees the new stack before the screen appears")
    func entriesBeforeAppear() throws {
        let observation = host.entries.observe { [log] entries in log.lines.append("stack \(entries.map(\.screen.name))") }
        defer { observation.cancel() }

        try coordinator.present(Route(path: "list"))

        #expect(log.lines == ["stack []", "stack [\"list\"]", "appear list"])
    }

    @Test("given work running on a screen under the top, when the host settles, then it returns once that work is done")
    func settleWaitsForEveryScreen() async throws {
        let list = try coordinator.present(Route(path: "list"))
        try coordinator.present(Route(path: "list/1"))
        let gate = AsyncStream<Void>.makeStream()
        var finished = false
        list.work.start {
            for await _ in gate.stream {}
            finished = true
        }
        #expect(host.busyWork === list.work)

        let settling = Task { await host.settle() }
        gate.continuation.finish()
        await settling.value

        #expect(finished)
        #expect(host.busyWork == nil)
    }

    @Test("given a view with no screen for a ViewModel, when it is pushed, then the host keeps no entry for it and tells nothing")
    func noScreen() throws {
        let log = LoggingScreen.Log()
        let host = ScreenHost<LoggingScreen>(coordinator: coordinator, hosted: { $0 }) { presentation in
            presentation.route.path == "list" ? LoggingScreen(name: "list", log: log) : nil
        }
        try coordinator.present(Route(path: "list"))
        try coordinator.present(Route(path: "list/1"))

        #expect(host.entries.value.map(\.screen.name) == ["list"])
        #expect(log.lines == ["appear list"])
    }
}
