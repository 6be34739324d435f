import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraLive
import AgoraModels

/// The composition root: the container for a mode, the plugins' registrations and the
/// application coordinator. Hosts (the REPL, the web app, tests) build one and open routes on it.
///
/// It knows no view: each host brings its list of feature views (the REPL's screens, the web
/// app's pages), and the plugins they bring are what it registers and navigates with.
@MainActor
public final class AgoraApplication {
    public let configuration: AppConfiguration
    public let container: Container
    public let coordinator: ApplicationCoordinator
    /// Who is logged in; restored from ``AppConfiguration/sessionPersistence`` at start.
    public let sessions: SessionStore
    /// Where the service reports each request, for whoever watches (the REPL's `trace`).
    public let serviceRequests = ServiceRequestTrace()
    /// Where the caches report each write, for whoever watches (the REPL's `trace`).
    public let cacheWrites = CacheWriteTrace()
    /// The events whose changes the screens follow; `nil` when the configuration follows none.
    let eventChanges: EventChangeStreams?
    /// The logged-in member's own changes; `nil` when the configuration follows none.
    private var memberChanges: MemberChangeStream?

    /// - Parameters:
    ///   - configuration: the mode, the environment and where things are kept.
    ///   - plugins: the features, in the host's order.
    ///   - report: told, in one line, of a problem the app goes on after (a cache database it
    ///     cannot use, a failed cache write); the host shows it as an error.
    ///   - overrides: registrations that replace the defaults (tests) when resolved from
    ///     ``container``; ``AppConfiguration/overrides`` replace them for the features too.
    public init(
        configuration: AppConfiguration,
        plugins: [any FeaturePlugin],
        report: @escaping @MainActor (String) -> Void,
        overrides: (Container) -> Void = { _ in }
    ) throws(AppStartError) {
        self.configuration = configuration
        let services: any Assembly
        let changes: any EventChangesFollowing
        let memberChangesSource: any MemberChangesFollowing
        switch configuration.mode {
        case .oss:
            services = MockServicesAssembly(service: configuration.mockService, trace: serviceRequests)
            changes = configuration.mockService.backend
            memberChangesSource = configuration.mockService.backend
        case .live:
            let url = try ServerAddress.url(configuration.apiBaseURL)
            services = LiveServicesAssembly(
                baseURL: url, timeout: configuration.requestTimeout, trace: serviceRequests, origin: configuration.requestOrigin,
                transport: configuration.liveTransport)
            changes = configuration.liveChanges ?? LiveEventChanges(baseURL: url, origin: configuration.requestOrigin)
            memberChangesSource = configuration.liveMemberChanges ?? LiveMemberChanges(baseURL: url, origin: configuration.requestOrigin)
        }
        eventChanges = configuration.followsChanges ? EventChangeStreams(source: changes, linger: configuration.changesLinger) : nil
        sessions = SessionStore(persistence: configuration.sessionPersistence)
        let environment = EnvironmentAssembly(environment: configuration.environment, sessions: sessions)
        let cache = CacheAssembly(
            location: configuration.cacheLocation, outboxes: configuration.outboxes, changes: eventChanges, report: report, trace: cacheWrites)
        let assembler = Assembler([environment, services, cache] + plugins.map(\.assembly))
        // The configuration's overrides replace registrations in place, so what the features
        // resolve from one another (a UseCase its service) is the replacement too.
        configuration.overrides(assembler.container)
        container = assembler.container.makeChild(overrides)
        coordinator = ApplicationCoordinator(plugins: plugins, resolver: container)
        if configuration.followsChanges, configuration.followsMemberChanges {
            memberChanges = MemberChangeStream(
                source: memberChangesSource, sessions: sessions, whileWatched: configuration.followsMemberChangesWhileWatched,
                linger: configuration.changesLinger, write: MemberChangeWrites.write(resolver: container))
        }
        // Each feature clears what it kept for a user whose session ends; what it needs for
        // that is resolved only then, so a run without a logout builds none of it. The container
        // holds the session store, so the store holds it weakly: an app that is let go of (a web
        // session that ended) is freed whole.
        for plugin in plugins {
            sessions.clearOnEnd { [weak container] user in
                guard let container else { return }
                try await plugin.clearUserData(of: user, resolver: container)
            }
        }
    }

    /// Calls `heard` with each change another member made to an event a screen shows, once it
    /// is in the cache: a screen that follows the cache shows it already; a host whose screens
    /// are drawn on demand (the REPL) says that something changed. Replaces the one before.
    public func onEventChange(_ heard: @escaping @Sendable (Event.ID, EventChange) -> Void) {
        eventChanges?.onChangeApplied(heard)
    }

    /// Calls `heard` with each change that concerns the logged-in member alone (an entry of
    /// their feed, their answer from another device), once it is in the cache. Replaces the one
    /// before.
    public func onMemberChange(_ heard: @escaping @Sendable (MemberChange) -> Void) {
        memberChanges?.onChangeApplied(heard)
    }

    /// Says whether someone watches the app's screens now (agora-web: a page of the session open
    /// in a browser). With ``AppConfiguration/followsMemberChangesWhileWatched``, what concerns
    /// the logged-in member is followed only then, and for ``AppConfiguration/changesLinger``
    /// after; otherwise this changes nothing.
    public func setWatched(_ isWatched: Bool) {
        memberChanges?.setWatched(isWatched)
    }

    /// The events whose changes are followed now, because a screen shows them.
    public var followedEvents: Set<Event.ID> {
        eventChanges?.followedEvents ?? []
    }
}

/// Why the app cannot start.
public enum AppStartError: Error, Equatable, CustomStringConvertible {
    /// Live mode's server address is not an http(s) URL.
    case invalidServerURL(String)
    /// Live mode's server address is `http://` to a host other than this machine: the session
    /// token would cross the network unencrypted.
    case insecureServerURL(String)
    /// A feature could not provide what it brings (its commands).
    case featureFailed(feature: String, reason: String)

    public var description: String {
        switch self {
        case .invalidServerURL(let text):
            "The server address '\(text.prefix(80))' is not an http:// or https:// URL; set \(ServerAddress.environmentVariable) (or Secrets.apiBaseURL) to one, e.g. http://127.0.0.1:8080."
        case .insecureServerURL(let text):
            "The server address '\(text.prefix(80))' uses http:// to another machine, which would send passwords and session tokens unencrypted; use https:// (or http:// to localhost, 127.0.0.1 or ::1) in \(ServerAddress.environmentVariable) (or Secrets.apiBaseURL)."
        case .featureFailed(let feature, let reason):
            "The \(feature) feature could not start: \(reason)."
        }
    }
}
