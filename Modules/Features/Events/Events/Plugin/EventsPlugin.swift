import AgoraArchitecture
import AgoraDI
import AgoraModels

/// The Events feature as the app sees it: its registrations and its destinations, the list
/// (`agora://events`), the member's own (`agora://events/going`) and an event
/// (`agora://events/<id>`).
public struct EventsPlugin: FeaturePlugin {
    public init() {}

    public let name = "Events"

    /// Auth: a login is asked for through its flow (`agora://login`).
    public let dependencies = ["Auth"]

    public var assembly: any Assembly { EventsAssembly() }

    public var destinations: [Destination] {
        [
            Destination("events", summary: "the upcoming events") { _, context in
                try Self.listCoordinator(.upcoming, context: context)
            },
            Destination("events/going", summary: "the events you are going to") { _, context in
                try Self.listCoordinator(.going, context: context)
            },
            Destination("events/{id}", summary: "an event's screen") { parameters, context in
                let resolver = context.resolver
                let dependency = try EventDetailViewModel.Dependency(
                    fetcher: resolver.resolve(), loader: resolver.resolve(), rsvp: resolver.resolve(),
                    sessions: resolver.resolve(), environment: resolver.resolve()
                )
                return try EventDetailCoordinator(eventID: parameters.id(), dependency: dependency, navigator: context.navigator)
            },
        ]
    }

    @MainActor
    private static func listCoordinator(_ filter: EventsFilter, context: FeatureContext) throws -> EventsListCoordinator {
        let resolver = context.resolver
        let dependency = try EventsListViewModel.Dependency(
            fetcher: resolver.resolve(), loader: resolver.resolve(), sessions: resolver.resolve(), environment: resolver.resolve()
        )
        return EventsListCoordinator(filter: filter, dependency: dependency, navigator: context.navigator)
    }

    /// The RSVPs in the cached events: whether the user is going is theirs alone.
    public func clearUserData(of user: User, resolver: any Resolver) async throws {
        try await resolver.resolve(EventsUseCase.self).clearRSVPs()
    }
}
