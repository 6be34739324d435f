import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// Comments' registrations: one UseCase, seen as its fetch, load and post sides.
///
/// Needs from the app: `ServiceType`, `ListCache<Comment>`, `AgoraEnvironment`, `SessionStore`.
public struct CommentsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(CommentsUseCase.self, scope: .container) { resolver in
            try CommentsUseCase(service: resolver.resolve(), cache: resolver.resolve((any ListCache<Comment>).self))
        }
        container.register((any CommentsFetchable).self) { resolver in
            try resolver.resolve(CommentsUseCase.self)
        }
        container.register((any CommentsLoadable).self) { resolver in
            try resolver.resolve(CommentsUseCase.self)
        }
        container.register((any CommentsPostable).self) { resolver in
            try resolver.resolve(CommentsUseCase.self)
        }
    }
}
