import AgoraArchitecture
import AgoraDI
import AgoraModels

/// The Activities feature as the app sees it: its registrations and its one destination, the
/// feed (`agora://activities`).
public struct ActivitiesPlugin: FeaturePlugin {
    public init() {}

    public let name = "Activities"

    /// Auth: a login is asked for through its flow (`agora://login`).
    public let dependencies = ["Auth"]

    public var assembly: any Assembly { ActivitiesAssembly() }

    public var destinations: [Destination] {
        [
            Destination("activities", summary: "your activity feed") { _, context in
                let resolver = context.resolver
                let dependency = try ActivitiesViewModel.Dependency(
                    fetcher: resolver.resolve(), loader: resolver.resolve(), sessions: resolver.resolve(), environment: resolver.resolve()
                )
                return ActivitiesCoordinator(dependency: dependency, navigator: context.navigator)
            }
        ]
    }

    /// The user's cached feed.
    public func clearUserData(of user: User, resolver: any Resolver) async throws {
        try await resolver.resolve(ActivitiesUseCase.self).clearFeed(of: user.id)
    }
}
