import AgoraArchitecture
import AgoraDI

/// The composition root: the container for a mode, the plugins' registrations and the
/// application coordinator. Hosts (the REPL, tests) build one and open routes on it.
@MainActor
public final class AgoraApplication {
    public let configuration: AppConfiguration
    public let container: Container
    public let coordinator: ApplicationCoordinator
    /// Who is logged in; restored from ``AppConfiguration/sessionPersistence`` at start.
    public let sessions: SessionStore

    /// - Parameters:
    ///   - plugins: the features; all of them unless a test wants fewer.
    ///   - console: where screens write.
    ///   - overrides: registrations that replace the defaults (tests).
    public init(
        configuration: AppConfiguration,
        plugins: [any FeaturePlugin] = AgoraPlugins.all,
        console: any Console,
        overrides: (Container) -> Void = { _ in }
    ) throws(AppStartError) {
        self.configuration = configuration
        let services: any Assembly
        switch configuration.mode {
        case .oss:
            services = MockServicesAssembly(service: configuration.mockService)
        case .live:
            throw .liveModeUnavailable
        }
        sessions = SessionStore(persistence: configuration.sessionPersistence)
        let environment = EnvironmentAssembly(environment: configuration.environment, sessions: sessions)
        let assembler = Assembler([environment, services] + plugins.map(\.assembly))
        container = assembler.container.makeChild(overrides)
        coordinator = ApplicationCoordinator(plugins: plugins, resolver: container, console: console)
    }
}

/// Why the app cannot start.
public enum AppStartError: Error, Equatable, CustomStringConvertible {
    /// Live mode needs agora-server and the HTTP service, which are not built yet.
    case liveModeUnavailable
    /// A feature could not provide what it brings (its commands).
    case featureFailed(feature: String, reason: String)

    public var description: String {
        switch self {
        case .liveModeUnavailable:
            "live mode is not built yet (agora-server and the HTTP service come with the live-mode issue); run with --oss or AGORA_MODE=oss"
        case .featureFailed(let feature, let reason):
            "the \(feature) feature could not start: \(reason)"
        }
    }
}
