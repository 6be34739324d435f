import AgoraArchitecture
import AgoraDI

/// A screen that only records how often it appeared.
@MainActor
final class FakeScreen: Screen {
    let route: Route
    let work = WorkTracker()
    private(set) var appearCount = 0

    init(route: Route) {
        self.route = route
    }

    var commands: [ScreenCommand] { [] }

    func appear() { appearCount += 1 }
    func reappear() {}

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        throw CommandError("unknown command '\(command)'")
    }
}

/// A coordinator that starts a ``FakeScreen`` and keeps the context it was given.
@MainActor
final class FakeCoordinator: Coordinator {
    let route: Route
    let context: FeatureContext

    init(route: Route, context: FeatureContext) {
        self.route = route
        self.context = context
    }

    func start() -> any Screen { FakeScreen(route: route) }
}

struct EmptyAssembly: Assembly {
    func assemble(container: Container) {}
}

struct FakeFeatureError: Error, CustomStringConvertible {
    var description: String { "the fake feature is broken" }
}

/// A plugin owning the events list and event routes; `isBroken` makes every coordinator fail.
@MainActor
struct FakePlugin: FeaturePlugin {
    var name = "FakeEvents"
    var isBroken = false

    var assembly: any Assembly { EmptyAssembly() }

    func handles(_ route: Route) -> Bool {
        switch route {
        case .events, .event: true
        default: false  // not `case …` for each: a new feature's route needs no edit here
        }
    }

    func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        if isBroken { throw FakeFeatureError() }
        return FakeCoordinator(route: route, context: context)
    }
}
