import AgoraApp
import AgoraWebUI
import Foundation

/// Every browser session the app serves, by the id in its cookie: each a small record
/// (``WebSessionRecord``), and for the most recently used a composition that serves it
/// (``WebSession``).
///
/// Memory is bounded by letting compositions go, never by refusing visitors: at most
/// ``maximumCompositions`` live at once, and one idle for ``compositionIdleLimit`` goes. A
/// composition let go is made again from its record on the session's next request, logged in as
/// it was, its pages, pending login and queued comments as they were; it costs the visitor the
/// time of a rebuild and nobody anything else.
///
/// Records are bounded too, since any request without a cookie starts one: at most
/// ``maximumCount`` in all and ``maximumPerAddress`` for one visitor address, each ending after
/// ``idleLimit`` without a request. When a bound is reached, a new record takes the place of the
/// least recently used one that only read pages, else of one whose visitor acted but is not
/// logged in, else (every one a member's) of the least recently used member's: a newcomer is
/// always served.
///
/// With a ``WebSessionStore`` the records live there, shared by every agora-web process that
/// opens it: this one keeps copies of the records it composes, checks before each request that
/// no other process saved a newer one, and saves the record after each request.
@MainActor
public final class WebSessions {
    /// How long a session lives without a request.
    public let idleLimit: Duration
    /// How many sessions live at once.
    public let maximumCount: Int
    /// How many sessions one visitor address holds at once.
    public let maximumPerAddress: Int
    /// How many compositions live at once.
    public let maximumCompositions: Int
    /// How long a composition without a request or a stream lives.
    public let compositionIdleLimit: Duration
    /// How many live streams one session holds.
    public let maximumStreamsPerSession: Int
    /// How many live streams the sessions of one address hold together.
    public let maximumStreamsPerAddress: Int
    /// Where the records are kept for every agora-web process; `nil`: in this process only.
    private let store: (any WebSessionStore)?
    private let makeConfiguration: @MainActor () -> AppConfiguration
    private let makeViews: @MainActor () -> [any FeatureWebViews]
    private let opensExplorer: Bool
    /// The time idleness is measured in: the continuous clock's, or a test's.
    private let now: @MainActor () -> ContinuousClock.Instant
    private var records: [String: WebSessionRecord] = [:]
    private var countByAddress: [String: Int] = [:]
    /// The compositions alive, by their record's id.
    private(set) var compositions: [String: WebSession] = [:]
    /// The number the next live stream gets: streams are ended oldest first
    /// (``keep(_:in:)``, the only one that changes it).
    var nextStreamNumber = 0
    /// When idle sessions and compositions were last looked for.
    private var lastExpiry: ContinuousClock.Instant?

    /// - Parameters:
    ///   - idleLimit: how long a session lives without a request.
    ///   - maximumCount: how many sessions live at once; a record is a few hundred bytes.
    ///   - maximumPerAddress: how many of them one visitor address may hold.
    ///   - maximumCompositions: how many compositions live at once, each up to a few hundred
    ///     kilobytes; one in use by a request is never let go, so a burst may pass it briefly.
    ///   - compositionIdleLimit: how long a composition with no request and no live stream lives.
    ///   - maximumStreamsPerSession: how many live streams one session holds (a browser's tabs);
    ///     a newer one replaces the oldest.
    ///   - maximumStreamsPerAddress: how many live streams the sessions of one visitor address
    ///     hold together; a newer one replaces their oldest. So streams never take every
    ///     connection, whoever opens them.
    ///   - store: where the records are kept so that several agora-web processes serve them;
    ///     `nil` keeps them in this process.
    ///   - configuration: a new composition's configuration (its own cache; in OSS mode, the mock
    ///     backend every session shares).
    ///   - views: the features' web views.
    ///   - opensExplorer: whether a new session starts with the explorer's panel open (a demo).
    ///   - now: the current time, for idleness; the continuous clock's unless a test moves it.
    public init(
        idleLimit: Duration = .seconds(30 * 60),
        maximumCount: Int = 20_000,
        maximumPerAddress: Int = 100,
        maximumCompositions: Int = 200,
        compositionIdleLimit: Duration = .seconds(5 * 60),
        maximumStreamsPerSession: Int = 4,
        maximumStreamsPerAddress: Int = 16,
        store: (any WebSessionStore)? = nil,
        configuration: @escaping @MainActor () -> AppConfiguration,
        views: @escaping @MainActor () -> [any FeatureWebViews] = { AgoraWebPlugins.all },
        opensExplorer: Bool = false,
        now: @escaping @MainActor () -> ContinuousClock.Instant = { .now }
    ) {
        self.idleLimit = idleLimit
        self.maximumCount = max(1, maximumCount)
        self.maximumPerAddress = max(1, maximumPerAddress)
        self.maximumCompositions = max(1, maximumCompositions)
        self.compositionIdleLimit = compositionIdleLimit
        self.maximumStreamsPerSession = max(1, maximumStreamsPerSession)
        self.maximumStreamsPerAddress = max(1, maximumStreamsPerAddress)
        self.store = store
        makeConfiguration = configuration
        makeViews = views
        self.opensExplorer = opensExplorer
        self.now = now
    }

    /// How many sessions are alive: all of them, or with a store, those this process holds a
    /// copy of.
    public var count: Int { records.count }

    /// How many compositions are alive.
    public var compositionCount: Int { compositions.count }

    /// Every composition alive, in no order.
    var all: [WebSession] { Array(compositions.values) }

    /// Every session alive, in no order.
    var allRecords: [WebSessionRecord] { Array(records.values) }

    /// The composition of the session whose id is `id`, made again from its record if it was let
    /// go (or, with a store, if another process saved a newer record), marked as used now; `nil`
    /// for an unknown or expired id.
    ///
    /// - Throws: ``WebSessionError`` when the composition cannot be made or the store not read.
    func session(id: String?) async throws(WebSessionError) -> WebSession? {
        try await expireIdle()
        guard let id, let record = try await current(id) else { return nil }
        record.lastUsed = now()
        if let session = compositions[id] {
            session.lastUsed = record.lastUsed
            return session
        }
        return try compose(record)
    }

    /// A new session for a visitor at `address`, kept; past a bound, the least valuable session
    /// (of the address, or of all) ends to make room.
    func makeSession(for address: String) async throws(WebSessionError) -> WebSession {
        try await expireIdle()
        if let store {
            let ended = try await WebSessionError.storing {
                try await store.makeRoom(for: address, maximumPerAddress: maximumPerAddress, maximumCount: maximumCount)
            }
            for id in ended { forget(id) }
        } else {
            if countByAddress[address, default: 0] >= maximumPerAddress, let room = records.values.filter({ $0.address == address }).leastValuable {
                end(room)
            }
            if records.count >= maximumCount, let room = records.values.leastValuable {
                end(room)
            }
        }
        let record = WebSessionRecord(address: address, now: now())
        record.isExplorerOpen = opensExplorer
        records[record.id] = record
        countByAddress[address, default: 0] += 1
        do {
            try await save(record)
            return try compose(record)
        } catch {
            // Not yet anyone's: the store may keep it until its idle limit when this fails too.
            try? await store?.remove(record.id)
            forget(record.id)
            throw error
        }
    }

    /// Keeps what a request did to `session` where every process finds it; without a store,
    /// the record in memory is already all there is.
    func save(_ session: WebSession) async throws(WebSessionError) {
        guard records[session.record.id] === session.record else { return }
        try await save(session.record)
    }

    /// Gives `session` a new id (and form token) after a login or a logout: the old id is dead.
    func reissueID(of session: WebSession) async throws(WebSessionError) {
        let record = session.record
        guard records[record.id] === record else { return }
        let oldID = record.id
        records[oldID] = nil
        let composition = compositions.removeValue(forKey: oldID)
        record.reissueTokens()
        records[record.id] = record
        compositions[record.id] = composition
        if let store {
            try await WebSessionError.storing { try await store.remove(oldID) }
            try await save(record)
        }
    }

    /// Ends every session: the server is stopping.
    public func endAll() {
        for session in compositions.values { session.end() }
        compositions = [:]
        records = [:]
        countByAddress = [:]
    }

    /// Makes `record`'s composition, letting the least recently used one go first when there are
    /// as many as may live: one without live streams before one with, never one a request uses.
    private func compose(_ record: WebSessionRecord) throws(WebSessionError) -> WebSession {
        if compositions.count >= maximumCompositions {
            let idle = compositions.values.filter { $0.requestsInFlight == 0 }
            let quiet = idle.filter { $0.liveStreams.isEmpty }
            if let oldest = (quiet.isEmpty ? idle : quiet).min(by: { $0.lastUsed < $1.lastUsed }) {
                letGo(oldest)
            }
        }
        let session = try WebSession(record: record, configuration: makeConfiguration(), views: makeViews(), now: now())
        compositions[record.id] = session
        return session
    }

    /// Ends `record`'s session, kept in this process only: its composition goes, and the id
    /// opens nothing any more.
    private func end(_ record: WebSessionRecord) {
        forget(record.id)
    }

    /// Forgets the session `id` in this process: its record and composition go.
    private func forget(_ id: String) {
        guard let record = records.removeValue(forKey: id) else { return }
        let left = countByAddress[record.address, default: 1] - 1
        countByAddress[record.address] = left > 0 ? left : nil
        compositions.removeValue(forKey: id)?.end()
    }

    /// Lets `session`'s composition go; its record stays, to make it again. With a store, the
    /// copy of the record goes too: the store keeps it.
    private func letGo(_ session: WebSession) {
        guard compositions[session.record.id] === session else { return }
        compositions[session.record.id] = nil
        session.end()
        if store != nil { forget(session.record.id) }
    }

    /// The record `id` as it is now: this process's copy, or, when a store holds a newer one
    /// (another process served the session since), one made from the store's, whose composition
    /// is made anew; `nil` when the session ended.
    ///
    /// Requests of one session may ask at once: whichever finds this process's copy as new as
    /// the store's (after its own wait) keeps it, so a composition a request uses is replaced
    /// only by a newer record.
    private func current(_ id: String) async throws(WebSessionError) -> WebSessionRecord? {
        guard let store else { return records[id] }
        guard let version = try await WebSessionError.storing({ try await store.version(of: id) }) else {
            forget(id)
            return nil
        }
        if let record = records[id], record.version >= version { return record }
        guard let stored = try await WebSessionError.storing({ try await store.load(id) }) else {
            forget(id)
            return nil
        }
        if let record = records[id], record.version >= stored.version { return record }
        forget(id)
        let record: WebSessionRecord
        do {
            record = try WebSessionRecord(stored: stored, now: now())
        } catch {
            throw .store("the stored session could not be read (\(error))")
        }
        records[id] = record
        countByAddress[record.address, default: 0] += 1
        return record
    }

    /// Saves `record` as its next version, with a store. The version is counted before the
    /// save goes, so two saves of one session that cross on the way are two versions, and the
    /// store keeps the later.
    private func save(_ record: WebSessionRecord) async throws(WebSessionError) {
        guard let store else { return }
        let stored: StoredWebSession
        do {
            stored = try record.stored(as: record.version + 1)
        } catch {
            throw .store("the session could not be written (\(error))")
        }
        record.version = stored.version
        try await WebSessionError.storing { try await store.save(stored) }
    }

    /// Ends the sessions and lets go of the compositions idle past their limits; at most once a
    /// second, as it reads every record.
    private func expireIdle() async throws(WebSessionError) {
        let now = now()
        if let lastExpiry, now - lastExpiry < .seconds(1) { return }
        lastExpiry = now
        if let store {
            let cutoff = Date().addingTimeInterval(-Double(idleLimit.components.seconds))
            for id in try await WebSessionError.storing({ try await store.removeIdle(since: cutoff) }) { forget(id) }
        } else {
            for record in records.values where now - record.lastUsed >= idleLimit {
                end(record)
            }
        }
        for session in compositions.values
        where session.requestsInFlight == 0 && session.liveStreams.isEmpty && now - session.lastUsed >= compositionIdleLimit {
            letGo(session)
        }
    }
}
