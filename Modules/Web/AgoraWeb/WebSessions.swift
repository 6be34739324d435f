import AgoraApp
import AgoraWebUI

/// Every browser session the app serves, by the id in its cookie; a session idle longer than
/// ``idleLimit`` is forgotten, with all it held, and so is the least recently used one when
/// ``maximumCount`` are alive: any request without a cookie starts a session, so their number
/// is bounded by this rather than by who sends requests.
@MainActor
public final class WebSessions {
    /// How long a session lives without a request.
    public let idleLimit: Duration
    /// How many sessions live at once: a new one beyond it ends the least recently used.
    public let maximumCount: Int
    private let makeConfiguration: @MainActor () -> AppConfiguration
    private let makeViews: @MainActor () -> [any FeatureWebViews]
    /// The time idleness is measured in: the continuous clock's, or a test's.
    private let now: @MainActor () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]

    /// - Parameters:
    ///   - idleLimit: how long a session lives without a request.
    ///   - maximumCount: how many sessions live at once; about 0.2 MiB each once idle, so the
    ///     default holds at most a few hundred MiB.
    ///   - configuration: a new session's configuration, made for it alone (its own mock data,
    ///     its own cache).
    ///   - views: the features' web views.
    ///   - now: the current time, for idleness; the continuous clock's unless a test moves it.
    public init(
        idleLimit: Duration = .seconds(30 * 60),
        maximumCount: Int = 1_000,
        configuration: @escaping @MainActor () -> AppConfiguration,
        views: @escaping @MainActor () -> [any FeatureWebViews] = { AgoraWebPlugins.all },
        now: @escaping @MainActor () -> ContinuousClock.Instant = { .now }
    ) {
        self.idleLimit = idleLimit
        self.maximumCount = max(1, maximumCount)
        makeConfiguration = configuration
        makeViews = views
        self.now = now
    }

    /// How many sessions are alive.
    public var count: Int { sessions.count }

    /// The session whose id is `id`, marked as used now; `nil` for an unknown or expired one.
    func session(id: String?) -> WebSession? {
        expireIdle()
        guard let id, let session = sessions[id] else { return nil }
        session.lastUsed = now()
        return session
    }

    /// A new session, kept.
    func makeSession() throws(WebSessionError) -> WebSession {
        expireIdle()
        let session = try WebSession(configuration: makeConfiguration(), views: makeViews())
        session.lastUsed = now()
        while sessions.count >= maximumCount, let leastRecent = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            sessions[leastRecent.key] = nil
        }
        sessions[session.id] = session
        return session
    }

    private func expireIdle() {
        let now = now()
        sessions = sessions.filter { now - $0.value.lastUsed < idleLimit }
    }
}
