import AgoraArchitecture
import AgoraDI
import AgoraTerminalUI
import AgoraTestSupport
import Testing

extension Route {
    fileprivate static let notes = Route(path: "notes")
    fileprivate static func note(_ id: Int) -> Route { Route(path: "notes/\(id)") }
}

/// A ViewModel with nothing but the route it was started for.
@MainActor
private final class NoteViewModel: ViewModel {
    let route: Route
    let work = WorkTracker()
    init(route: Route) { self.route = route }
}

/// A ViewModel no feature has a screen for.
@MainActor
private final class UnshownViewModel: ViewModel {
    let work = WorkTracker()
}

/// A screen that keeps the console it was given, so a test can write through it.
@MainActor
private final class NoteScreen: Screen {
    let viewModel: NoteViewModel
    let console: any Console
    init(viewModel: NoteViewModel, console: any Console) {
        self.viewModel = viewModel
        self.console = console
    }
    var commands: [ScreenCommand] { [] }
    var work: WorkTracker { viewModel.work }
    func appear() {}
    func reappear() {}
    func perform(_ command: String, arguments: [String]) throws(CommandError) {}
}

@MainActor
private final class NoteCoordinator: Coordinator {
    let route: Route
    init(route: Route) { self.route = route }
    func start() -> any ViewModel {
        route == .login ? UnshownViewModel() : NoteViewModel(route: route)
    }
}

/// Notes, each started as a note ViewModel; the login route's ViewModel has no screen.
@MainActor
private struct NotePlugin: FeaturePlugin {
    struct NoAssembly: Assembly { func assemble(container: Container) {} }
    let name = "Notes"
    var assembly: any Assembly { NoAssembly() }
    var destinations: [Destination] {
        [
            Destination("notes", summary: "the notes") { _, _ in NoteCoordinator(route: .notes) },
            Destination("notes/{id}", summary: "a note") { parameters, _ in try NoteCoordinator(route: .note(parameters.id())) },
            Destination("login", summary: "a screen no feature shows") { _, _ in NoteCoordinator(route: .login) },
        ]
    }
}

@MainActor
private struct NoteScreens: FeatureScreens {
    var plugin: any FeaturePlugin { NotePlugin() }
    func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        (viewModel as? NoteViewModel).map { NoteScreen(viewModel: $0, console: console) }
    }
}

@MainActor
@Suite("ScreenStack: the navigation stack as the terminal shows it")
struct ScreenStackTests {
    let console = BufferConsole()
    let coordinator = ApplicationCoordinator(plugins: [NotePlugin()], resolver: Container())
    let screens: ScreenStack

    init() {
        screens = ScreenStack(coordinator: coordinator, features: [NoteScreens()], console: console)
    }

    fileprivate func noteScreen(at index: Int) throws -> NoteScreen {
        try #require(screens.entries.value[index].screen as? NoteScreen)
    }

    @Test("given a ViewModel pushed, then its feature's screen shows it, under the route that opened it")
    func screenForEachViewModel() throws {
        let viewModel = try coordinator.present(.notes)
        try coordinator.present(.note(3))

        #expect(screens.entries.value.map(\.route) == [.notes, .note(3)])
        #expect(try noteScreen(at: 0).viewModel === viewModel)
        #expect(try noteScreen(at: 1).viewModel.route == .note(3))
    }

    @Test("given a screen under another, when the top is popped, then the same screen is shown again, not a new one")
    func screenKeptWhileOnTheStack() throws {
        try coordinator.present(.notes)
        let below = try noteScreen(at: 0)
        try coordinator.present(.note(1))

        coordinator.back()

        #expect(screens.entries.value.count == 1)
        #expect(try noteScreen(at: 0) === below)
    }

    @Test("given a screen covered by another, when it prints, then nothing shows until it is in front again; errors always show")
    func coveredScreenIsQuiet() throws {
        try coordinator.present(.notes)
        let below = try noteScreen(at: 0)
        try coordinator.present(.note(1))

        below.console.print("while covered")
        below.console.error("a failure")
        coordinator.back()
        below.console.print("in front again")

        #expect(console.lines == ["error: a failure", "in front again"])
    }

    @Test("given a ViewModel no feature has a screen for, when it comes on top, then its stand-in appears and says so once, naming its type and route")
    func missingScreenSaysSo() throws {
        try coordinator.present(.login)

        #expect(console.lines == ["error: No screen shows UnshownViewModel, which agora://login opened; list the feature's screens beside its plugin."])
    }
}
