import AgoraHTTPServing
import AgoraPostgres
import Foundation
import Logging

/// Everything that decides how an ``AgoraServer`` runs: where it listens, where it stores, what
/// it starts with and how strict it is.
///
/// The defaults are the ones `agora-server` uses with no options: loopback only, port 8080, an
/// in-memory database, no seed data. Tests usually change four of them:
///
/// ```swift
/// var configuration = AgoraServerConfiguration()
/// configuration.port = 0                    // an ephemeral port; read it from the running server
/// configuration.seed = .demo()              // the OSS-mode accounts and data
/// configuration.bcryptCost = 4              // fast hashing; never in production
/// configuration.logLevel = .warning         // no line per request in the test output
/// ```
public struct AgoraServerConfiguration: Sendable {
    /// The interface to listen on. Loopback by default, so nothing outside this machine can
    /// reach a server started for a test or a demo.
    public var host: String
    /// The TCP port; `0` asks the system for a free one (see ``RunningAgoraServer/port``).
    public var port: Int
    /// More names a request's `Host` may give besides `127.0.0.1`, `localhost`, `[::1]` and
    /// ``host``, such as the name a proxy in front of the server is reached by; any other is
    /// answered 421, so a page that rebinds its own name to this machine gets nothing
    /// (`HostAllowListMiddleware` in AgoraHTTPServing). Host names or IP addresses, without a port.
    public var allowedHosts: [String]
    /// The IP addresses of proxies (agora-web, nginx) whose forwarding header
    /// (``forwardedHeader``) names the client that login throttling and request logs count by
    /// (`TrustedProxies` in AgoraHTTPServing). None by default: every client is the address it connects from,
    /// and the headers are ignored.
    public var trustedProxies: [String]
    /// The one header the trusted proxies write, and the only one read: `X-Forwarded-For` by
    /// default (nginx's `$proxy_add_x_forwarded_for`, agora-web); a proxy passes the other on as
    /// the client wrote it.
    public var forwardedHeader: ForwardingHeader
    /// The client addresses `GET /metrics` answers (the client as ``trustedProxies`` name it);
    /// any other gets 404, as if there were none. Loopback by default: a scraper on the server's
    /// own machine, never a client through a proxy in front.
    public var metricsReaders: [String]
    /// Where the data lives.
    public var database: Database
    /// What an empty database is filled with.
    public var seed: Seed
    /// How long a bearer token stays valid after the login that issued it.
    public var tokenLifetime: Duration
    /// How long a two-factor challenge can be answered.
    public var twoFactorLifetime: Duration
    /// The most sessions (logged-in tokens) one account holds: a login past it ends the
    /// account's oldest session, so one account logged in without end fills nothing. 100 by
    /// default: a member's every device and browser, many times over.
    public var sessionsPerAccount: Int
    /// The most logins one account succeeds in within a minute: past it, a right password (or
    /// code) gets 429 with `Retry-After` until the oldest of them is a minute old. With
    /// ``sessionsPerAccount``, what one account logged in without end costs is bounded. 30 by
    /// default: far more than a person logs in.
    public var loginsPerAccountPerMinute: Int
    /// The bcrypt cost (log₂ of the rounds) passwords are hashed with: 4...31. The default, 10,
    /// takes tens of milliseconds per hash here; tests may lower it to 4.
    public var bcryptCost: Int
    /// How many passwords are hashed or checked at once; more logins wait their turn, so a burst
    /// of them leaves cores for every other request. Half the cores by default, at least 1.
    public var concurrentPasswordHashes: Int
    /// The largest request body accepted, in bytes; a larger one is refused with 413 before
    /// it is read in full.
    public var maxBodyBytes: Int
    /// When failed logins are answered 429 for a while.
    public var loginThrottling: LoginThrottling
    /// How many logins may wait for a password check at once, besides the
    /// ``concurrentPasswordHashes`` being checked; more are answered 503 with `Retry-After` at
    /// once rather than wait behind them past a client's deadline. 32 by default: with bcrypt
    /// at cost 10 taking about 60 ms and one hash at a time, the last in the queue waits about 2 s.
    public var passwordCheckQueue: Int
    /// How many comments an account may post in a short time before 429.
    public var commentPosting: CommentPostingLimit
    /// Deadlines for slow peers and the cap on open connections.
    public var connectionLimits: ConnectionLimits
    /// How often a stream of changes writes a comment line, each stream at moments of its own:
    /// 15 s, so a proxy that ends quiet connections after 30 s or more keeps it, and a stream
    /// whose client went ends by the next one.
    public var changeStreamHeartbeat: Duration = .seconds(15)
    /// On PostgreSQL, how often the streams' reader asks for changes besides when one is
    /// announced (LISTEN/NOTIFY) and when its listening connection is made again: 5 s, should an
    /// announcement be lost some other way. (SQLite, which announces nothing, is asked four
    /// times a second.)
    public var changeStreamCheckInterval: Duration = .seconds(5)
    /// How many changes of an event a stream that resumes (`Last-Event-ID`) is sent before it
    /// is told to load the event again instead (1,000); a stream holds twice as many waiting
    /// for a client that reads slowly, and past that it ends, so each stream's memory is
    /// bounded and its client resumes where it stopped reading.
    public var changeStreamBacklog = 1_000
    /// How long a request waits for PostgreSQL before it is answered 503 (5 s): a stopped
    /// database must not hold every request, and its connection, open. Tests that start a
    /// server in their own process lengthen it, so a busy machine never reads as an outage.
    public var databaseDeadline: Duration = .seconds(5)
    /// How long start-up waits to reach PostgreSQL, migrate and seed it (a minute, and never
    /// less than ``databaseDeadline``): longer than a request, since nothing is served meanwhile
    /// and a busy database may take a while.
    public var databaseStartupDeadline: Duration = .seconds(60)
    /// The level of the server's log; at `.info` it writes one line per request.
    public var logLevel: Logger.Level
    /// The server's clock: token and challenge expiry, and the time of new comments, RSVPs and
    /// activities. Tests inject a clock they move forward instead of sleeping.
    public var now: @Sendable () -> Date

    /// Where the server keeps its data.
    public enum Database: Sendable, Hashable {
        /// A private SQLite database in memory, gone when the server stops.
        case inMemory
        /// An SQLite database file, created when missing; its data survives restarts.
        case file(path: String)
        /// A PostgreSQL database, which several servers can share: they answer as one. Its
        /// tables are created (and migrated) when the server starts.
        case postgres(PostgresURL)
    }

    /// What the server puts into an empty database when it starts.
    public enum Seed: Sendable {
        /// Nothing: a server without accounts.
        case none
        /// The accounts and data OSS mode shows (see ``DemoSeed``).
        case demo(DemoSeed)

        /// The demo data with its defaults: today's events and 1,200 comments on event 1.
        public static func demo() -> Seed { .demo(DemoSeed()) }
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        allowedHosts: [String] = [],
        trustedProxies: [String] = [],
        forwardedHeader: ForwardingHeader = .xForwardedFor,
        metricsReaders: [String] = ["127.0.0.1", "::1"],
        database: Database = .inMemory,
        seed: Seed = .none,
        tokenLifetime: Duration = .seconds(24 * 60 * 60),
        twoFactorLifetime: Duration = .seconds(5 * 60),
        sessionsPerAccount: Int = 100,
        loginsPerAccountPerMinute: Int = 30,
        bcryptCost: Int = 10,
        concurrentPasswordHashes: Int = AgoraServerConfiguration.defaultConcurrentPasswordHashes,
        maxBodyBytes: Int = 64 * 1024,
        loginThrottling: LoginThrottling = LoginThrottling(),
        passwordCheckQueue: Int = 32,
        commentPosting: CommentPostingLimit = CommentPostingLimit(),
        connectionLimits: ConnectionLimits = ConnectionLimits(),
        logLevel: Logger.Level = .info,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.allowedHosts = allowedHosts
        self.trustedProxies = trustedProxies
        self.forwardedHeader = forwardedHeader
        self.metricsReaders = metricsReaders
        self.database = database
        self.seed = seed
        self.tokenLifetime = tokenLifetime
        self.twoFactorLifetime = twoFactorLifetime
        self.sessionsPerAccount = sessionsPerAccount
        self.loginsPerAccountPerMinute = loginsPerAccountPerMinute
        self.bcryptCost = bcryptCost
        self.concurrentPasswordHashes = concurrentPasswordHashes
        self.maxBodyBytes = maxBodyBytes
        self.loginThrottling = loginThrottling
        self.passwordCheckQueue = passwordCheckQueue
        self.commentPosting = commentPosting
        self.connectionLimits = connectionLimits
        self.logLevel = logLevel
        self.now = now
    }

    /// Half the machine's active cores, at least 1: ``concurrentPasswordHashes`` by default.
    public static var defaultConcurrentPasswordHashes: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    }
}
