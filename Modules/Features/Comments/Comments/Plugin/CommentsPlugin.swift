import AgoraArchitecture
import AgoraDI

/// The Comments feature as the app sees it: its registrations and its one destination, an
/// event's comments (`agora://events/<id>/comments`).
public struct CommentsPlugin: FeaturePlugin {
    public init() {}

    public let name = "Comments"

    /// Auth: a login is asked for through its flow (`agora://login`).
    public let dependencies = ["Auth"]

    public var assembly: any Assembly { CommentsAssembly() }

    public var destinations: [Destination] {
        [
            Destination("events/{id}/comments", summary: "an event's comments") { parameters, context in
                let resolver = context.resolver
                let dependency = try CommentsViewModel.Dependency(
                    fetcher: resolver.resolve(), loader: resolver.resolve(), poster: resolver.resolve(), queue: resolver.resolve(),
                    sessions: resolver.resolve(), environment: resolver.resolve()
                )
                return try CommentsCoordinator(eventID: parameters.id(), dependency: dependency, navigator: context.navigator)
            }
        ]
    }
}
