import AgoraAPI
import AgoraDI

/// Auth's registrations: the UseCase, as `Authenticating`.
///
/// Needs from the app: `ServiceType`, `SessionStore`.
public struct AuthAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register((any Authenticating).self, scope: .container) { resolver in
            try AuthUseCase(service: resolver.resolve())
        }
    }
}
