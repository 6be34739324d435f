import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels

/// Comments' registrations: its service (mock or live, traced) and one UseCase (one, so one sending
/// of the outbox at a time), seen as its fetch, load, post and queue sides.
///
/// Needs from the app: `ServiceMode`, `ServiceRequestTrace`, `MockService` (OSS mode) or
/// `ServiceType` (live mode), `ListCache<Comment>`, `ListCache<Event>`, `Outbox<OutgoingComment>`,
/// `AgoraEnvironment`, `SessionStore`.
public struct CommentsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // The feature's own service: the mock or the live one, as the app's mode says, traced.
        container.register((any CommentsService).self, scope: .container) { resolver in
            let mode = try resolver.resolve(ServiceMode.self)
            let base: any CommentsService =
                switch mode {
                case .oss: try MockCommentsService(mock: resolver.resolve())
                case .live: try LiveCommentsService(api: resolver.resolve())
                }
            return try TracedCommentsService(base, mode: mode, trace: resolver.resolve())
        }
        container.register(CommentsUseCase.self, scope: .container) { resolver in
            try CommentsUseCase(
                service: resolver.resolve((any CommentsService).self), cache: resolver.resolve((any ListCache<Comment>).self),
                events: resolver.resolve((any ListCache<Event>).self),
                outbox: resolver.resolve((any Outbox<OutgoingComment>).self)
            )
        }
        container.register((any CommentsFetchable).self, forwardingTo: CommentsUseCase.self) { $0 }
        container.register((any CommentsLoadable).self, forwardingTo: CommentsUseCase.self) { $0 }
        container.register((any CommentsPostable).self, forwardingTo: CommentsUseCase.self) { $0 }
        container.register((any CommentsQueueing).self, forwardingTo: CommentsUseCase.self) { $0 }
    }
}
