import AgoraArchitecture
import AgoraDI

/// A ViewModel that only knows the route it was started for.
@MainActor
final class FakeViewModel: ViewModel {
    let route: Route
    let work = WorkTracker()

    init(route: Route) {
        self.route = route
    }
}

/// A coordinator that starts a ``FakeViewModel`` and keeps the context it was given.
@MainActor
final class FakeCoordinator: Coordinator {
    let route: Route
    let context: FeatureContext
    private(set) var startCount = 0

    init(route: Route, context: FeatureContext) {
        self.route = route
        self.context = context
    }

    func start() -> any ViewModel {
        startCount += 1
        return FakeViewModel(route: route)
    }
}

extension Route {
    /// The fake feature's list: the Events feature's own route, which the kit does not declare.
    static let events = Route(path: "events")
    /// A route no fake plugin shows.
    static let activities = Route(path: "activities")
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

    var destinations: [Destination] {
        [
            Destination("events", summary: "the events") { _, context in try start(.events, context) },
            Destination("events/{id}", summary: "an event") { parameters, context in try start(.event(id: parameters.id()), context) },
        ]
    }

    private func start(_ route: Route, _ context: FeatureContext) throws -> any Coordinator {
        if isBroken { throw FakeFeatureError() }
        return FakeCoordinator(route: route, context: context)
    }
}
