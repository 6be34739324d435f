import AgoraAPI
import AgoraDI
import AgoraMocks

/// Auth's registrations: the UseCase, as `Authenticating`.
///
/// Needs from the app: `ServiceMode`, `ServiceRequestTrace`, `MockService` (OSS mode) or
/// `ServiceType` (live mode), `SessionStore`.
public struct AuthAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // The feature's own service: the mock or the live one, as the app's mode says, traced.
        container.register((any AuthService).self, scope: .container) { resolver in
            let mode = try resolver.resolve(ServiceMode.self)
            let base: any AuthService =
                switch mode {
                case .oss: try MockAuthService(mock: resolver.resolve())
                case .live: try LiveAuthService(api: resolver.resolve())
                }
            return try TracedAuthService(base, mode: mode, trace: resolver.resolve())
        }
        container.register((any Authenticating).self, scope: .container) { resolver in
            try AuthUseCase(service: resolver.resolve((any AuthService).self))
        }
    }
}
