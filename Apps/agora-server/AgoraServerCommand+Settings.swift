import AgoraHTTPServing
import AgoraModels
import AgoraPostgres
import AgoraServer
import ArgumentParser
import Foundation
import Logging

extension AgoraServerCommand {
    /// What the server runs with: each setting from its flag, else `AGORA_*`, else the `--config`
    /// file, else its default (``LayeredSettings``), checked as far as the command can.
    ///
    /// - Throws: A ``CommandFailure`` of one line naming the flag, variable or file key at fault.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(CommandFailure) -> ServerSettings {
        var layers = try await LayeredSettings(configFile: self.configFile, environment: environment)
        let count = "a count; expected a whole number"
        let seconds = "a number of seconds; expected a whole number"
        let text = "a string"
        let list = #"a list; expected an array of strings such as ["10.0.0.2"]"#

        let host = try layers.string("host", flag: self.host, expected: text) ?? "127.0.0.1"
        let port = try layers.int("port", flag: self.port, default: 8080, expected: "a port; expected 0...65535")
        let allowedHosts = try layers.strings("allowed-host", flags: self.allowedHosts, expected: list)
        let trustedProxies = try layers.strings("trusted-proxy", flags: self.trustedProxies, expected: list)
        let metricsReaders = try layers.strings("metrics-reader", flags: self.metricsReaders, expected: list)
        let forwardedHeader = try layers.option("forwarded-header", flag: self.forwardedHeader, default: .xForwardedFor)
        let databasePath = try layers.string("db", flag: self.databasePath, expected: text)
        let postgresURL = try layers.string("database-url", flag: self.databaseURL, expected: "a postgres:// URL")
        let seed = try layers.option("seed", flag: self.seed, default: .none)
        let defaults = AgoraServerConfiguration()
        let databaseDeadline = try layers.int(
            "database-deadline", flag: self.databaseDeadline, default: Int(defaults.databaseDeadline.components.seconds), expected: seconds)
        let busiestEventComments = try layers.int(
            "busiest-event-comments", flag: self.busiestEventComments, default: DemoSeed().busiestEventComments, expected: count)
        let sessionsPerAccount = try layers.int(
            "max-sessions-per-account", flag: self.maxSessionsPerAccount, default: defaults.sessionsPerAccount, expected: count)
        let loginsPerAccountPerMinute = try layers.int(
            "logins-per-account-per-minute", flag: self.loginsPerAccountPerMinute, default: defaults.loginsPerAccountPerMinute, expected: count)
        let tokenLifetime = try layers.int("token-lifetime", flag: self.tokenLifetime, default: Self.defaultTokenLifetime, expected: seconds)
        let bcryptCost = try layers.int("bcrypt-cost", flag: self.bcryptCost, default: defaults.bcryptCost, expected: "a bcrypt cost; expected 4...31")
        let concurrentPasswordHashes = try layers.int(
            "concurrent-password-hashes", flag: self.concurrentPasswordHashes, default: AgoraServerConfiguration.defaultConcurrentPasswordHashes,
            expected: count)
        let throttling = LoginThrottling()
        let loginFailuresPerAccountFromAddress = try layers.int(
            "login-failures-per-account-from-address", flag: self.loginFailuresPerAccountFromAddress, default: throttling.failuresPerAccountFromAddress,
            expected: count)
        let loginFailuresPerAccount = try layers.int(
            "login-failures-per-account", flag: self.loginFailuresPerAccount, default: throttling.failuresPerAccount, expected: count)
        let loginFailuresPerAddress = try layers.int(
            "login-failures-per-address", flag: self.loginFailuresPerAddress, default: throttling.failuresPerAddress, expected: count)
        let loginWindow = try layers.int("login-window", flag: self.loginWindow, default: Int(throttling.window.components.seconds), expected: seconds)
        let passwordCheckQueue = try layers.int("password-check-queue", flag: self.passwordCheckQueue, default: defaults.passwordCheckQueue, expected: count)
        let commentBurst = try layers.int("comment-burst", flag: self.commentBurst, default: CommentPostingLimit().burst, expected: count)
        let commentsPerMinute = try layers.int("comments-per-minute", flag: self.commentsPerMinute, default: CommentPostingLimit().perMinute, expected: count)
        let limits = ConnectionLimits()
        let idleTimeout = try layers.int("idle-timeout", flag: self.idleTimeout, default: Int(limits.idleTimeout.components.seconds), expected: seconds)
        let bodyTimeout = try layers.int("body-timeout", flag: self.bodyTimeout, default: Int(limits.bodyTimeout.components.seconds), expected: seconds)
        let maxConnections = try layers.int("max-connections", flag: self.maxConnections, default: limits.maxConnections, expected: count)
        let logLevel = try layers.option("log-level", flag: self.logLevel, default: .info)
        let logFormat = try layers.option("log-format", flag: self.logFormat, default: .text)
        try layers.refuseUnknownFileKeys()

        if seed != .demo, busiestEventComments != DemoSeed().busiestEventComments {
            throw CommandFailure("\(layers.label(for: "busiest-event-comments")) needs --seed demo", exitCode: .validationFailure)
        }
        var database = databasePath.map { AgoraServerConfiguration.Database.file(path: $0) } ?? .inMemory
        if let postgresURL {
            if databasePath != nil {
                throw CommandFailure(
                    "\(layers.label(for: "db")) and \(layers.label(for: "database-url")) name two databases; pass one of them",
                    exitCode: .validationFailure)
            }
            do {
                database = .postgres(try PostgresURL(postgresURL))
            } catch {
                throw CommandFailure("\(layers.label(for: "database-url")): \(error.description)", exitCode: .validationFailure)
            }
        }
        guard tokenLifetime >= 1 else {
            throw CommandFailure("\(layers.label(for: "token-lifetime")): \(tokenLifetime) is too short; expected seconds >= 1", exitCode: .validationFailure)
        }

        var server = AgoraServerConfiguration(
            host: host,
            port: port,
            allowedHosts: allowedHosts,
            trustedProxies: trustedProxies,
            forwardedHeader: forwardedHeader,
            metricsReaders: metricsReaders.isEmpty ? AgoraServerConfiguration().metricsReaders : metricsReaders,
            database: database,
            seed: seed == .demo ? .demo(DemoSeed(busiestEventComments: busiestEventComments)) : .none,
            tokenLifetime: .seconds(tokenLifetime),
            sessionsPerAccount: sessionsPerAccount,
            loginsPerAccountPerMinute: loginsPerAccountPerMinute,
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
        server.databaseDeadline = .seconds(databaseDeadline)
        return ServerSettings(server: server, logFormat: logFormat, layers: layers)
    }
}
