import AgoraAPI
import AgoraArchitecture
import AgoraDI
import AgoraLive
import AgoraMocks
import AgoraSQLiteCache
import AgoraSecrets
import Foundation

/// Everything that makes one run of the app differ from another.
public struct AppConfiguration: Sendable {
    public var mode: AppMode
    public var environment: AgoraEnvironment
    /// OSS mode's world, which every feature's mock service answers from: its data, its state,
    /// its latency.
    public var mockService: MockService
    /// Registrations that replace the app's own, made after the features' assemblies: a test's
    /// mock of one feature's service, whose endpoints answer as the test says, is the one that
    /// feature's UseCase gets. None by default.
    public var overrides: @Sendable (Container) -> Void = { _ in }
    /// Where the session is kept between runs: a ``SessionFile`` in the REPL, memory by default.
    public var sessionPersistence: any SessionPersisting
    /// Where Agora keeps its files (shown by `env`).
    public var paths: AgoraPaths
    /// The API's base URL in live mode.
    public var apiBaseURL: String
    /// How long a live request may wait for the server.
    public var requestTimeout: Duration
    /// The request timeout when nothing sets one: long enough for a slow link, short enough
    /// that a silent server is reported while the user still waits.
    public static let defaultRequestTimeout: Duration = .seconds(10)
    /// Where the cache and the comments outbox are kept: in memory by default (OSS mode, tests);
    /// a file per server in live mode (``AgoraPaths/cacheFile(for:server:)``), so queued
    /// comments survive a restart.
    public var cacheLocation: CacheLocation
    /// Where queued work is kept when the host keeps it apart from the cache (agora-web's
    /// session records); `nil` keeps it on the cache's database.
    public var outboxes: SessionOutboxes?
    /// On whose behalf live requests are made: the visitor agora-web proxies for, the device's
    /// id that logins send. The host keeps a reference and updates it; a new, empty one by default.
    public var requestOrigin: RequestOrigin
    /// The HTTP transport live mode uses: its own by default; one shared by every app of a process
    /// (agora-web's sessions) pools their connections to agora-server, so the files they hold do
    /// not grow with the number of sessions.
    public var liveTransport: LiveTransport?
    /// Whether the screens show what other members do as it happens: while a screen shows an
    /// event or its comments, the app follows the event's changes (agora-server's stream in live
    /// mode, the mock backend's in OSS mode) and writes them into the cache. On by default.
    public var followsChanges = true
    /// How long an event's stream of changes stays open after the last screen that shows the
    /// event went: coming back to it within this takes the stream up as it is, with nothing
    /// missed and nothing opened again.
    public var changesLinger: Duration = .seconds(10)
    /// Where live mode hears of events' changes: agora-server's stream for this app alone by
    /// default; one ``SharedEventChanges`` for every app of a process (agora-web's sessions)
    /// opens one stream per event for them all.
    public var liveChanges: (any EventChangesFollowing)?
    /// Whether, while someone is logged in and ``followsChanges`` is on, the app follows what
    /// concerns them alone (their answers from their other devices, their feed) and writes it
    /// into the cache. On by default.
    public var followsMemberChanges = true
    /// Whether the member is followed only while the host says someone watches
    /// (``AgoraApplication/setWatched(_:)``) and for ``changesLinger`` after, rather than for
    /// the whole session: a host of many sessions (agora-web) holds a stream to agora-server
    /// only for a visitor with a page open. Off by default.
    public var followsMemberChangesWhileWatched = false
    /// Where live mode hears of the member's own changes: agora-server's stream by default.
    public var liveMemberChanges: (any MemberChangesFollowing)?

    /// An account anyone may log in with, for `help login` to offer: in OSS mode the mock's
    /// first member, whom every example logs in as; none in live mode, where a real server's
    /// accounts are its users' and the demo's password would only mislead.
    public var demoLogin: String? {
        switch mode {
        case .oss: "alice@agora.example / \(MockData.demoPassword)"
        case .live: nil
        }
    }

    public init(
        mode: AppMode = .oss,
        environment: AgoraEnvironment = AgoraEnvironment(),
        mockService: MockService? = nil,
        sessionPersistence: any SessionPersisting = InMemorySessionPersistence(),
        paths: AgoraPaths = AgoraPaths(),
        apiBaseURL: String = Secrets.apiBaseURL,
        requestTimeout: Duration = defaultRequestTimeout,
        cacheLocation: CacheLocation = .inMemory,
        requestOrigin: RequestOrigin = RequestOrigin()
    ) {
        self.mode = mode
        self.environment = environment
        self.mockService = mockService ?? MockService(now: environment.now)
        self.sessionPersistence = sessionPersistence
        self.paths = paths
        self.apiBaseURL = apiBaseURL
        self.requestTimeout = requestTimeout
        self.cacheLocation = cacheLocation
        self.requestOrigin = requestOrigin
    }

    /// The cache a run keeps by default: the mode's file in live mode, so cached rows show
    /// while the server is away and queued comments survive a restart; memory in OSS mode,
    /// whose mock data is made anew every run.
    public static func defaultCacheLocation(for mode: AppMode, paths: AgoraPaths, server: URL?) -> CacheLocation {
        switch mode {
        case .live: .file(paths.cacheFile(for: .live, server: server))
        case .oss: .inMemory
        }
    }
}
