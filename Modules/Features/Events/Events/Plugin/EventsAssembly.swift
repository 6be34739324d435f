import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// Events' registrations: one UseCase, seen as its fetch, load and RSVP sides.
///
/// Needs from the app: `ServiceType`, `ListCache<Event>`, `AgoraEnvironment`, `SessionStore`.
public struct EventsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(EventsUseCase.self, scope: .container) { resolver in
            try EventsUseCase(service: resolver.resolve(), cache: resolver.resolve((any ListCache<Event>).self))
        }
        container.register((any EventsFetchable).self, forwardingTo: EventsUseCase.self) { $0 }
        container.register((any EventsLoadable).self, forwardingTo: EventsUseCase.self) { $0 }
        container.register((any EventsRSVPing).self, forwardingTo: EventsUseCase.self) { $0 }
    }
}
