import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// Comments' registrations: one UseCase (one, so one sending of the outbox at a time), seen as
/// its fetch, load, post and queue sides.
///
/// Needs from the app: `ServiceType`, `ListCache<Comment>`, `ListCache<Event>`, `Outbox<OutgoingComment>`,
/// `AgoraEnvironment`, `SessionStore`.
public struct CommentsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(CommentsUseCase.self, scope: .container) { resolver in
            try CommentsUseCase(
                service: resolver.resolve(), cache: resolver.resolve((any ListCache<Comment>).self),
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
