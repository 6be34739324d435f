import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels

/// Events' registrations: its service (mock or live, traced) and one UseCase, seen as its fetch,
/// load and RSVP sides.
///
/// Needs from the app: `ServiceMode`, `ServiceRequestTrace`, `MockService` (OSS mode) or
/// `ServiceType` (live mode), `ListCache<Event>`, `AgoraEnvironment`, `SessionStore`.
public struct EventsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // The feature's own service: the mock or the live one, as the app's mode says, traced.
        container.register((any EventsService).self, scope: .container) { resolver in
            let mode = try resolver.resolve(ServiceMode.self)
            let base: any EventsService =
                switch mode {
                case .oss: try MockEventsService(mock: resolver.resolve())
                case .live: try LiveEventsService(api: resolver.resolve())
                }
            return try TracedEventsService(base, mode: mode, trace: resolver.resolve())
        }
        container.register(EventsUseCase.self, scope: .container) { resolver in
            try EventsUseCase(service: resolver.resolve((any EventsService).self), cache: resolver.resolve((any ListCache<Event>).self))
        }
        container.register((any EventsFetchable).self, forwardingTo: EventsUseCase.self) { $0 }
        container.register((any EventsLoadable).self, forwardingTo: EventsUseCase.self) { $0 }
        container.register((any EventsRSVPing).self, forwardingTo: EventsUseCase.self) { $0 }
    }
}
