import AgoraHTTPServing
import AgoraModels
import AgoraServer
import ArgumentParser
import Foundation
import Logging

/// `agora-server`: the Agora API on this machine, for live mode and its tests.
///
/// Its options are declared without defaults, so that one given on the command line can be told
/// from one not given: a setting not given as a flag is read from `AGORA_*` and the `--config`
/// file by ``settings(environment:)``, and the help says each default.
@main
struct AgoraServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agora-server",
        abstract: "Serve the Agora API (openapi.yaml) over HTTP, stored in SQLite or PostgreSQL.",
        discussion: """
            When it listens, it prints one line to standard output and nothing else there:
              agora-server listening on http://127.0.0.1:<port>
            Logs go to standard error, as text or (--log-format json) one JSON object per line.
            SIGINT or SIGTERM stops it gracefully. 'agora-server backup' copies a running
            server's database.

            Every option can also be set in the environment, as AGORA_ and its name in \
            capitals with '-' as '_' (AGORA_PORT=9000, AGORA_LOG_FORMAT=json; a list is \
            comma-separated: AGORA_TRUSTED_PROXY=10.0.0.2,10.0.0.3), or in a JSON file named \
            by --config FILE or AGORA_CONFIG, keyed by its name:
              {"port": 9000, "db": "agora.sqlite", "trusted-proxy": ["10.0.0.2"]}
            A flag wins over its variable, a variable over the file, the file over the \
            default. A value of the wrong kind, or a key in the file that is no option, stops \
            the server with one line naming where it was set.
            """,
        version: AgoraVersion.current,
        subcommands: [BackupCommand.self]
    )

    /// How many seconds a login token stays valid unless `--token-lifetime` says otherwise: a day.
    static let defaultTokenLifetime = 86_400

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A JSON file of settings keyed by the options' names, such as {\"port\": 8080, \"log-format\": \"json\"}; flags and AGORA_* variables win over it. Default: $AGORA_CONFIG.",
            valueName: "file"))
    var configFile: String?

    @Option(help: "The address to listen on; the default (127.0.0.1) accepts connections from this machine only.")
    var host: String?

    @Option(help: "The TCP port; 0 lets the system pick a free one (read it from the 'listening' line). Default: 8080.")
    var port: Int?

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Also answer requests whose Host names this (any port), besides 127.0.0.1, localhost, [::1] and --host; others get 421. Repeatable.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy's IP address (IPv4 or IPv6): from it, the client counted by login limits and logged is the one its --forwarded-header names. Repeatable; none by default.",
            valueName: "address"))
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("max-sessions-per-account"),
        help: ArgumentHelp(
            "The most sessions one account holds; a login past it ends the account's oldest. Default: \(AgoraServerConfiguration().sessionsPerAccount).",
            valueName: "count"))
    var maxSessionsPerAccount: Int?

    @Option(
        name: .customLong("logins-per-account-per-minute"),
        help: ArgumentHelp(
            "The most logins one account succeeds in within a minute; past it a right password gets 429. Default: \(AgoraServerConfiguration().loginsPerAccountPerMinute).",
            valueName: "count"))
    var loginsPerAccountPerMinute: Int?

    @Option(
        name: .customLong("metrics-reader"),
        help: ArgumentHelp(
            "A client address (IPv4 or IPv6) that GET /metrics answers; any other gets 404. Repeatable; 127.0.0.1 and ::1 by default.",
            valueName: "address"))
    var metricsReaders: [String] = []

    @Option(
        name: .customLong("forwarded-header"),
        help: ArgumentHelp(
            "The header the trusted proxies write, the only one read: x-forwarded-for (nginx's $proxy_add_x_forwarded_for, agora-web) or forwarded (RFC 7239). Default: x-forwarded-for.",
            valueName: "header"))
    var forwardedHeader: ForwardingHeader?

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The SQLite database file, created when missing; its data survives restarts. Default: an in-memory database, lost when the server stops.",
            valueName: "path"
        ))
    var databasePath: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "A PostgreSQL database to store in instead of SQLite, which several servers can share (tables are created at start-up). Its password is never printed.",
            valueName: "postgres://user@host:port/db"
        ))
    var databaseURL: String?

    @Option(
        help: ArgumentHelp(
            "How long a request waits for PostgreSQL before it is answered 503 (1...600). Default: \(Int(AgoraServerConfiguration().databaseDeadline.components.seconds)).",
            valueName: "seconds"))
    var databaseDeadline: Int?

    @Option(
        help:
            "Fill an empty database: 'demo' writes OSS mode's accounts and data (password agora-demo; Bob's 2FA code 424242). A database with data is never seeded again. Default: none."
    )
    var seed: SeedOption?

    @Option(
        help: ArgumentHelp("How many comments event 1 gets with --seed demo (up to 9999999). Default: \(DemoSeed().busiestEventComments).", valueName: "count"))
    var busiestEventComments: Int?

    @Option(help: ArgumentHelp("How long a login token stays valid. Default: \(Self.defaultTokenLifetime) (a day).", valueName: "seconds"))
    var tokenLifetime: Int?

    @Option(help: ArgumentHelp("The bcrypt cost of the seeded passwords (4...31). Default: \(AgoraServerConfiguration().bcryptCost).", valueName: "cost"))
    var bcryptCost: Int?

    @Option(
        help: ArgumentHelp(
            "How many passwords are hashed or checked at once; more logins wait their turn. Default: half the cores (\(AgoraServerConfiguration.defaultConcurrentPasswordHashes) here).",
            valueName: "count"))
    var concurrentPasswordHashes: Int?

    @Option(
        help: ArgumentHelp(
            "Failed logins one account may have from one client address in the login window before that address gets 429. Default: \(LoginThrottling().failuresPerAccountFromAddress).",
            valueName: "count"))
    var loginFailuresPerAccountFromAddress: Int?

    @Option(
        help: ArgumentHelp(
            "Failed logins one account may have from all addresses in the login window before 429. Default: \(LoginThrottling().failuresPerAccount).",
            valueName: "count"))
    var loginFailuresPerAccount: Int?

    @Option(
        help: ArgumentHelp(
            "Failed logins one client address may have in the login window before 429. Default: \(LoginThrottling().failuresPerAddress).", valueName: "count"))
    var loginFailuresPerAddress: Int?

    @Option(help: ArgumentHelp("How long a failed login counts. Default: \(LoginThrottling().window.components.seconds).", valueName: "seconds"))
    var loginWindow: Int?

    @Option(
        help: ArgumentHelp(
            "How many logins may wait for a password check besides those being checked; more get 503 with Retry-After at once. Default: \(AgoraServerConfiguration().passwordCheckQueue).",
            valueName: "count"))
    var passwordCheckQueue: Int?

    @Option(
        help: ArgumentHelp(
            "How many comments one account may post at once before it must slow down. Default: \(CommentPostingLimit().burst).", valueName: "count"))
    var commentBurst: Int?

    @Option(
        help: ArgumentHelp(
            "How many comments one account may post a minute, sustained, after its burst; more get 429. Default: \(CommentPostingLimit().perMinute).",
            valueName: "count"))
    var commentsPerMinute: Int?

    @Option(
        help: ArgumentHelp(
            "Close a connection that sends nothing for this long, also halfway through a request's head. Default: \(ConnectionLimits().idleTimeout.components.seconds).",
            valueName: "seconds"))
    var idleTimeout: Int?

    @Option(
        help: ArgumentHelp(
            "Answer 408 to a request whose body takes longer than this to arrive. Default: \(ConnectionLimits().bodyTimeout.components.seconds).",
            valueName: "seconds"))
    var bodyTimeout: Int?

    @Option(
        help: ArgumentHelp(
            "Serve at most this many connections at once; more wait to be accepted. Default: \(ConnectionLimits().maxConnections).", valueName: "count"))
    var maxConnections: Int?

    @Option(help: "How much to log: trace, debug, info (one line per request), notice, warning, error, critical. Default: info.")
    var logLevel: LogLevelOption?

    @Option(
        help:
            "How to write the log: text (one line for people) or json (one JSON object per line: time, level, message, request_id, route, status, duration_ms). Default: text."
    )
    var logFormat: LogFormatOption?

    func run() async throws {
        let settings = try await self.settings()
        let level = settings.server.logLevel
        switch settings.logFormat {
        case .text:
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        case .json:
            LoggingSystem.bootstrap { label in JSONLineLogHandler(label: label, logLevel: level) }
        }
        let configuration = settings.server
        let server: AgoraServer
        do {
            server = try await AgoraServer(configuration: configuration)
        } catch let error as ConfigurationError {
            throw CommandFailure("\(settings.label(for: error.setting)): \(error.description)", exitCode: .validationFailure)
        } catch {
            let database =
                switch configuration.database {
                case .postgres(let url): "the database \(url)"
                case .file(let path): "the database \(path)"
                case .inMemory: "the in-memory database"
                }
            throw CommandFailure("cannot open \(database): \(error)")
        }
        do {
            try await server.runUntilSignalled { port in
                // Written straight to the file descriptor: no buffer to flush before a reader sees it.
                let line = "agora-server listening on \(Self.url(host: configuration.host, port: port))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        } catch {
            throw CommandFailure("cannot serve on \(configuration.host):\(configuration.port): \(ListenFailure.reason(error, program: "agora-server"))")
        }
    }

    static func url(host: String, port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}
