import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels

/// Activities' registrations: its service (mock or live, traced) and one UseCase, seen as its fetch
/// and load sides.
///
/// Needs from the app: `ServiceMode`, `ServiceRequestTrace`, `MockService` (OSS mode) or
/// `ServiceType` (live mode), `ListCache<Activity>`, `AgoraEnvironment`, `SessionStore`.
public struct ActivitiesAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // The feature's own service: the mock or the live one, as the app's mode says, traced.
        container.register((any ActivitiesService).self, scope: .container) { resolver in
            let mode = try resolver.resolve(ServiceMode.self)
            let base: any ActivitiesService =
                switch mode {
                case .oss: try MockActivitiesService(mock: resolver.resolve())
                case .live: try LiveActivitiesService(api: resolver.resolve())
                }
            return try TracedActivitiesService(base, mode: mode, trace: resolver.resolve())
        }
        container.register(ActivitiesUseCase.self, scope: .container) { resolver in
            try ActivitiesUseCase(service: resolver.resolve((any ActivitiesService).self), cache: resolver.resolve((any ListCache<Activity>).self))
        }
        container.register((any ActivitiesFetchable).self, forwardingTo: ActivitiesUseCase.self) { $0 }
        container.register((any ActivitiesLoadable).self, forwardingTo: ActivitiesUseCase.self) { $0 }
    }
}
