import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// Activities' registrations: one UseCase, seen as its fetch and load sides.
///
/// Needs from the app: `ServiceType`, `ListCache<Activity>`, `AgoraEnvironment`, `SessionStore`.
public struct ActivitiesAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(ActivitiesUseCase.self, scope: .container) { resolver in
            try ActivitiesUseCase(service: resolver.resolve(), cache: resolver.resolve((any ListCache<Activity>).self))
        }
        container.register((any ActivitiesFetchable).self, forwardingTo: ActivitiesUseCase.self) { $0 }
        container.register((any ActivitiesLoadable).self, forwardingTo: ActivitiesUseCase.self) { $0 }
    }
}
