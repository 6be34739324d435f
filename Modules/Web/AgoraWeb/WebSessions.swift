import AgoraApp
import AgoraWebUI

/// Every browser session the app serves, by the id in its cookie.
///
/// Any request without a cookie starts a session, so their number is bounded here rather than
/// by who sends requests: at most ``maximumCount`` in all and ``maximumPerAddress`` for one
/// visitor address. A session idle longer than ``idleLimit`` ends. When a bound is reached, a new
/// session takes the place of the least recently used one that only read pages, else of one whose
/// visitor acted but is not logged in; a logged-in member's session is never ended to make room,
/// so a flood of new visitors cannot log a member out or lose what they queued. When only
/// members' sessions are left, the new visitor is asked to come back later (``SessionsFull``).
///
/// A session that ends is ended (``WebSession/end()``): its streams close and its composition
/// is released, so memory stays flat however many visitors come and go.
@MainActor
public final class WebSessions {
    /// How long a session lives without a request.
    public let idleLimit: Duration
    /// How many sessions live at once.
    public let maximumCount: Int
    /// How many sessions one visitor address holds at once.
    public let maximumPerAddress: Int
    /// How many live streams one session holds.
    public let maximumStreamsPerSession: Int
    /// How many live streams the sessions of one address hold together.
    public let maximumStreamsPerAddress: Int
    private let makeConfiguration: @MainActor () -> AppConfiguration
    private let makeViews: @MainActor () -> [any FeatureWebViews]
    /// The time idleness is measured in: the continuous clock's, or a test's.
    private let now: @MainActor () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]
    private var countByAddress: [String: Int] = [:]
    /// The number the next live stream gets: streams are ended oldest first.
    private var nextStreamNumber = 0

    /// - Parameters:
    ///   - idleLimit: how long a session lives without a request.
    ///   - maximumCount: how many sessions live at once; about 0.2 MiB each once idle, so the
    ///     default holds at most a few hundred MiB.
    ///   - maximumPerAddress: how many of them one visitor address may hold.
    ///   - maximumStreamsPerSession: how many live streams one session holds (a browser's tabs);
    ///     a newer one replaces the oldest.
    ///   - maximumStreamsPerAddress: how many live streams the sessions of one visitor address
    ///     hold together; a newer one replaces their oldest. So streams never take every
    ///     connection, whoever opens them.
    ///   - configuration: a new session's configuration, made for it alone (its own mock data,
    ///     its own cache).
    ///   - views: the features' web views.
    ///   - now: the current time, for idleness; the continuous clock's unless a test moves it.
    public init(
        idleLimit: Duration = .seconds(30 * 60),
        maximumCount: Int = 1_000,
        maximumPerAddress: Int = 100,
        maximumStreamsPerSession: Int = 4,
        maximumStreamsPerAddress: Int = 16,
        configuration: @escaping @MainActor () -> AppConfiguration,
        views: @escaping @MainActor () -> [any FeatureWebViews] = { AgoraWebPlugins.all },
        now: @escaping @MainActor () -> ContinuousClock.Instant = { .now }
    ) {
        self.idleLimit = idleLimit
        self.maximumCount = max(1, maximumCount)
        self.maximumPerAddress = max(1, maximumPerAddress)
        self.maximumStreamsPerSession = max(1, maximumStreamsPerSession)
        self.maximumStreamsPerAddress = max(1, maximumStreamsPerAddress)
        makeConfiguration = configuration
        makeViews = views
        self.now = now
    }

    /// Keeps `stream` in `session`; past the streams a session or its address may hold, the
    /// oldest of them ends (its page is told a newer one replaced it), so a visitor who opens
    /// streams without end holds a few connections, never every one.
    func keep(_ stream: LiveStream, in session: WebSession) {
        nextStreamNumber += 1
        session.keep(stream, number: nextStreamNumber)
        while session.liveStreams.count > maximumStreamsPerSession { session.endOldestStream() }
        let neighbours = sessions.values.filter { $0.address == session.address }
        var count = neighbours.reduce(0) { $0 + $1.liveStreams.count }
        while count > maximumStreamsPerAddress,
            let oldest = neighbours.min(by: { ($0.oldestStreamNumber ?? .max) < ($1.oldestStreamNumber ?? .max) })
        {
            oldest.endOldestStream()
            count -= 1
        }
    }

    /// How many sessions are alive.
    public var count: Int { sessions.count }

    /// Every session alive, in no order.
    var all: [WebSession] { Array(sessions.values) }

    /// How many live streams are open, in all sessions.
    public var liveStreamCount: Int { sessions.values.reduce(0) { $0 + $1.liveStreams.count } }

    /// The session whose id is `id`, marked as used now; `nil` for an unknown or expired one.
    func session(id: String?) -> WebSession? {
        expireIdle()
        guard let id, let session = sessions[id] else { return nil }
        session.lastUsed = now()
        return session
    }

    /// A new session for a visitor at `address`, kept; one that read only, or one whose visitor
    /// is not logged in, ends to make room when a bound is reached.
    func makeSession(for address: String) throws(WebSessionError) -> WebSession {
        expireIdle()
        if countByAddress[address, default: 0] >= maximumPerAddress {
            guard let room = leastValuable(where: { $0.address == address }) else { throw .full }
            end(room)
        }
        if sessions.count >= maximumCount {
            guard let room = leastValuable(where: { _ in true }) else { throw .full }
            end(room)
        }
        let session = try WebSession(configuration: makeConfiguration(), views: makeViews(), address: address)
        session.lastUsed = now()
        sessions[session.id] = session
        countByAddress[address, default: 0] += 1
        return session
    }

    /// Gives `session` a new id (and form token) after a login or a logout: the old id is dead.
    func reissueID(of session: WebSession) {
        guard sessions[session.id] === session else { return }
        sessions[session.id] = nil
        session.reissueTokens()
        sessions[session.id] = session
    }

    /// Ends every session: the server is stopping.
    public func endAll() {
        for session in sessions.values { session.end() }
        sessions = [:]
        countByAddress = [:]
    }

    /// The session that can best make way for a new one among those `matching`: the least
    /// recently used that only read pages, else that of a visitor who is not logged in; never a
    /// logged-in member's.
    private func leastValuable(where matching: (WebSession) -> Bool) -> WebSession? {
        var reader: WebSession?
        var visitor: WebSession?
        for session in sessions.values where matching(session) && !session.isLoggedIn {
            if !session.hasActed {
                if reader.map({ session.lastUsed < $0.lastUsed }) ?? true { reader = session }
            } else if visitor.map({ session.lastUsed < $0.lastUsed }) ?? true {
                visitor = session
            }
        }
        return reader ?? visitor
    }

    private func end(_ session: WebSession) {
        guard sessions.removeValue(forKey: session.id) != nil else { return }
        let left = countByAddress[session.address, default: 1] - 1
        countByAddress[session.address] = left > 0 ? left : nil
        session.end()
    }

    private func expireIdle() {
        let now = now()
        for session in sessions.values where now - session.lastUsed >= idleLimit {
            end(session)
        }
    }
}
