import AgoraHTTPServing
import AgoraModels
import AgoraServer
import ArgumentParser
import Foundation
import Logging

/// `agora-server`: the Agora API on this machine, for live mode and its tests.
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
            """,
        version: AgoraVersion.current,
        subcommands: [BackupCommand.self]
    )

    @Option(help: "The address to listen on; the default accepts connections from this machine only.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 lets the system pick a free one (read it from the 'listening' line).")
    var port = 8080

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Also answer requests whose Host names this (any port), besides 127.0.0.1, localhost, [::1] and --host; others get 421. Repeatable.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy's IP address (IPv4 or IPv6): from it, the client counted by login limits and logged is the one its Forwarded or X-Forwarded-For header names. Repeatable; none by default.",
            valueName: "address"))
    var trustedProxies: [String] = []

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
            "A PostgreSQL database to store in instead of SQLite, which several servers can share (tables are created at start-up). Default: $AGORA_DATABASE_URL.",
            valueName: "postgres://user@host:port/db"
        ))
    var databaseURL: String?

    /// `--database-url`, or `AGORA_DATABASE_URL` when the option is not given.
    var postgresURL: String? {
        databaseURL ?? ProcessInfo.processInfo.environment["AGORA_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    @Option(
        help:
            "Fill an empty database: 'demo' writes OSS mode's accounts and data (password agora-demo; Bob's 2FA code 424242). A database with data is never seeded again."
    )
    var seed: SeedOption = .none

    @Option(help: ArgumentHelp("How many comments event 1 gets with --seed demo (up to 9999999).", valueName: "count"))
    var busiestEventComments = DemoSeed().busiestEventComments

    @Option(help: ArgumentHelp("How long a login token stays valid.", valueName: "seconds"))
    var tokenLifetime = 86_400

    @Option(help: ArgumentHelp("The bcrypt cost of the seeded passwords (4...31).", valueName: "cost"))
    var bcryptCost = AgoraServerConfiguration().bcryptCost

    @Option(help: ArgumentHelp("How many passwords are hashed or checked at once; more logins wait their turn.", valueName: "count"))
    var concurrentPasswordHashes = AgoraServerConfiguration.defaultConcurrentPasswordHashes

    @Option(
        help: ArgumentHelp(
            "Failed logins one account may have from one client address in the login window before that address gets 429.",
            valueName: "count"))
    var loginFailuresPerAccountFromAddress = LoginThrottling().failuresPerAccountFromAddress

    @Option(help: ArgumentHelp("Failed logins one account may have from all addresses in the login window before 429.", valueName: "count"))
    var loginFailuresPerAccount = LoginThrottling().failuresPerAccount

    @Option(help: ArgumentHelp("Failed logins one client address may have in the login window before 429.", valueName: "count"))
    var loginFailuresPerAddress = LoginThrottling().failuresPerAddress

    @Option(help: ArgumentHelp("How long a failed login counts.", valueName: "seconds"))
    var loginWindow = Int(LoginThrottling().window.components.seconds)

    @Option(
        help: ArgumentHelp(
            "How many logins may wait for a password check besides those being checked; more get 503 with Retry-After at once.",
            valueName: "count"))
    var passwordCheckQueue = AgoraServerConfiguration().passwordCheckQueue

    @Option(help: ArgumentHelp("How many comments one account may post at once before it must slow down.", valueName: "count"))
    var commentBurst = CommentPostingLimit().burst

    @Option(help: ArgumentHelp("How many comments one account may post a minute, sustained, after its burst; more get 429.", valueName: "count"))
    var commentsPerMinute = CommentPostingLimit().perMinute

    @Option(help: ArgumentHelp("Close a connection that sends nothing for this long, also halfway through a request's head.", valueName: "seconds"))
    var idleTimeout = Int(ConnectionLimits().idleTimeout.components.seconds)

    @Option(help: ArgumentHelp("Answer 408 to a request whose body takes longer than this to arrive.", valueName: "seconds"))
    var bodyTimeout = Int(ConnectionLimits().bodyTimeout.components.seconds)

    @Option(help: ArgumentHelp("Serve at most this many connections at once; more wait to be accepted.", valueName: "count"))
    var maxConnections = ConnectionLimits().maxConnections

    @Option(help: "How much to log: trace, debug, info (one line per request), notice, warning, error, critical.")
    var logLevel: LogLevelOption = .info

    @Option(
        help:
            "How to write the log: text (one line for people) or json (one JSON object per line: time, level, message, request_id, route, status, duration_ms)."
    )
    var logFormat: LogFormatOption = .text

    func validate() throws {
        if seed != .demo, busiestEventComments != DemoSeed().busiestEventComments {
            throw ValidationError("--busiest-event-comments needs --seed demo")
        }
        if let postgresURL {
            if databasePath != nil {
                throw ValidationError("--db and --database-url (or AGORA_DATABASE_URL) name two databases; pass one of them")
            }
            do {
                _ = try PostgresURL(postgresURL)
            } catch {
                throw ValidationError("\(databaseURL == nil ? "AGORA_DATABASE_URL" : "--database-url"): \(error.description)")
            }
        }
        guard tokenLifetime >= 1 else {
            throw ValidationError("--token-lifetime \(tokenLifetime) is too short; expected seconds >= 1")
        }
    }

    var serverConfiguration: AgoraServerConfiguration {
        AgoraServerConfiguration(
            host: host,
            port: port,
            allowedHosts: allowedHosts,
            trustedProxies: trustedProxies,
            database: database,
            seed: seed == .demo ? .demo(DemoSeed(busiestEventComments: busiestEventComments)) : .none,
            tokenLifetime: .seconds(tokenLifetime),
            bcryptCost: bcryptCost,
            concurrentPasswordHashes: concurrentPasswordHashes,
            loginThrottling: LoginThrottling(
                failuresPerAccountFromAddress: loginFailuresPerAccountFromAddress, failuresPerAccount: loginFailuresPerAccount,
                failuresPerAddress: loginFailuresPerAddress,
                window: .seconds(loginWindow)
            ),
            passwordCheckQueue: passwordCheckQueue,
            commentPosting: CommentPostingLimit(burst: commentBurst, perMinute: commentsPerMinute),
            connectionLimits: ConnectionLimits(
                idleTimeout: .seconds(idleTimeout), bodyTimeout: .seconds(bodyTimeout), maxConnections: maxConnections
            ),
            logLevel: logLevel.level
        )
    }

    /// Where the data lives: PostgreSQL when a URL is given (``validate()`` has parsed it), else
    /// the SQLite file, else memory.
    var database: AgoraServerConfiguration.Database {
        if let postgresURL, let url = try? PostgresURL(postgresURL) { return .postgres(url) }
        return databasePath.map { .file(path: $0) } ?? .inMemory
    }

    func run() async throws {
        let level = logLevel.level
        switch logFormat {
        case .text:
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        case .json:
            LoggingSystem.bootstrap { label in JSONLineLogHandler(label: label, logLevel: level) }
        }
        let configuration = serverConfiguration
        let server: AgoraServer
        do {
            server = try await AgoraServer(configuration: configuration)
        } catch let error as ConfigurationError {
            throw CommandFailure("--\(error.setting): \(error.description)", exitCode: .validationFailure)
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
