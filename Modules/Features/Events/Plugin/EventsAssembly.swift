import AgoraAPI
import AgoraCache
import AgoraDI

/// Events' registrations: one UseCase, seen as both its fetch and its load side.
///
/// Needs from the app: `ServiceType`, `EventsCache`, `AgoraEnvironment`.
public struct EventsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(EventsUseCase.self, scope: .container) { resolver in
            try EventsUseCase(service: resolver.resolve(), cache: resolver.resolve())
        }
        container.register((any EventsFetchable).self) { resolver in
            try resolver.resolve(EventsUseCase.self)
        }
        container.register((any EventsLoadable).self) { resolver in
            try resolver.resolve(EventsUseCase.self)
        }
    }
}
