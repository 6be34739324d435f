import AgoraHTTPServing

/// A configuration the server refuses to start with; its description is one line naming the
/// setting, what it was and what would be right.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting that was wrong, as `agora-server` spells its option ("port", "bcrypt-cost").
    public let setting: String
    public let description: String

    init(_ setting: String, _ description: String) {
        self.setting = setting
        self.description = description
    }
}

extension AgoraServerConfiguration {
    /// The largest thread the demo seed can generate: comment ids are `event × 10,000,000 + n`.
    static let maximumBusiestEventComments = 9_999_999
    /// The longest a token lives: a year. Expiry times are whole seconds since 1970 in 64
    /// bits, so a lifetime near `Int.max` seconds would overflow at the first login.
    static let maximumTokenLifetime = Duration.seconds(366 * 24 * 60 * 60)
    /// The longest any other duration setting is: a day (a two-factor challenge, the login
    /// window, a connection's idle and body deadlines).
    static let maximumDurationSetting = Duration.seconds(24 * 60 * 60)
    /// The largest count setting: more than any of them is meant to be, well short of overflow.
    static let maximumCountSetting = 1_000_000

    /// Throws the first setting that is out of range.
    func validate() throws(ConfigurationError) {
        guard !host.isEmpty else { throw ConfigurationError("host", "host is empty; expected an address such as 127.0.0.1") }
        guard (0...65_535).contains(port) else {
            throw ConfigurationError("port", "port \(port) is out of range; expected 0...65535 (0 picks a free port)")
        }
        for name in allowedHosts where HostAllowList.name(name) == nil {
            throw ConfigurationError(
                "allowed-host", "allowed host '\(name)' is not a host name; expected a name such as agora.example or an IP address, without port"
            )
        }
        for address in trustedProxies where IPAddress(address) == nil {
            throw ConfigurationError(
                "trusted-proxy", "trusted proxy '\(address)' is not an IP address; expected an IPv4 or IPv6 address such as 127.0.0.1 or ::1"
            )
        }
        for address in metricsReaders where IPAddress(address) == nil {
            throw ConfigurationError(
                "metrics-reader", "metrics reader '\(address)' is not an IP address; expected an IPv4 or IPv6 address such as 127.0.0.1 or ::1"
            )
        }
        guard databaseDeadline >= .seconds(1), databaseDeadline <= .seconds(600) else {
            throw ConfigurationError("database-deadline", "database deadline \(databaseDeadline) is out of range; expected 1...600 seconds")
        }
        guard (4...31).contains(bcryptCost) else {
            throw ConfigurationError("bcrypt-cost", "bcrypt cost \(bcryptCost) is out of range; expected 4...31")
        }
        guard concurrentPasswordHashes >= 1 else {
            throw ConfigurationError(
                "concurrent-password-hashes", "\(concurrentPasswordHashes) concurrent password hashes is too few; expected at least 1"
            )
        }
        guard tokenLifetime >= .seconds(1) else {
            throw ConfigurationError("token-lifetime", "token lifetime \(tokenLifetime) is too short; expected at least 1 second")
        }
        guard tokenLifetime <= Self.maximumTokenLifetime else {
            throw ConfigurationError(
                "token-lifetime", "token lifetime \(tokenLifetime) is too long; expected at most \(Self.maximumTokenLifetime) (366 days)")
        }
        guard twoFactorLifetime >= .seconds(1) else {
            throw ConfigurationError("two-factor-lifetime", "two-factor lifetime \(twoFactorLifetime) is too short; expected at least 1 second")
        }
        guard sessionsPerAccount >= 1 else {
            throw ConfigurationError("max-sessions-per-account", "\(sessionsPerAccount) sessions an account is too few; expected at least 1")
        }
        guard loginsPerAccountPerMinute >= 1 else {
            throw ConfigurationError(
                "logins-per-account-per-minute", "\(loginsPerAccountPerMinute) logins a minute is too few; expected at least 1")
        }
        try Self.refuseTooLong(
            ("two-factor-lifetime", twoFactorLifetime), ("login-window", loginThrottling.window), ("idle-timeout", connectionLimits.idleTimeout),
            ("body-timeout", connectionLimits.bodyTimeout))
        try Self.refuseTooMany(
            ("concurrent-password-hashes", concurrentPasswordHashes), ("max-body-bytes", maxBodyBytes),
            ("login-failures-per-account-from-address", loginThrottling.failuresPerAccountFromAddress),
            ("login-failures-per-account", loginThrottling.failuresPerAccount), ("login-failures-per-address", loginThrottling.failuresPerAddress),
            ("password-check-queue", passwordCheckQueue), ("comment-burst", commentPosting.burst), ("comments-per-minute", commentPosting.perMinute),
            ("max-connections", connectionLimits.maxConnections), ("max-sessions-per-account", sessionsPerAccount),
            ("logins-per-account-per-minute", loginsPerAccountPerMinute))
        guard maxBodyBytes > 0 else {
            throw ConfigurationError("max-body-bytes", "max body size \(maxBodyBytes) is not positive; expected bytes > 0")
        }
        guard loginThrottling.failuresPerAccountFromAddress >= 1 else {
            throw ConfigurationError(
                "login-failures-per-account-from-address",
                "\(loginThrottling.failuresPerAccountFromAddress) is too few; expected failures >= 1"
            )
        }
        guard loginThrottling.failuresPerAccount >= 1 else {
            throw ConfigurationError("login-failures-per-account", "\(loginThrottling.failuresPerAccount) is too few; expected failures >= 1")
        }
        guard loginThrottling.failuresPerAddress >= 1 else {
            throw ConfigurationError("login-failures-per-address", "\(loginThrottling.failuresPerAddress) is too few; expected failures >= 1")
        }
        guard loginThrottling.window >= .seconds(1) else {
            throw ConfigurationError("login-window", "login window \(loginThrottling.window) is too short; expected at least 1 second")
        }
        guard passwordCheckQueue >= 0 else {
            throw ConfigurationError("password-check-queue", "\(passwordCheckQueue) waiting logins is too few; expected 0 or more")
        }
        guard commentPosting.burst >= 1 else {
            throw ConfigurationError("comment-burst", "\(commentPosting.burst) comments at once is too few; expected at least 1")
        }
        guard commentPosting.perMinute >= 1 else {
            throw ConfigurationError("comments-per-minute", "\(commentPosting.perMinute) comments a minute is too few; expected at least 1")
        }
        guard connectionLimits.idleTimeout >= .milliseconds(100) else {
            throw ConfigurationError("idle-timeout", "idle timeout \(connectionLimits.idleTimeout) is too short; expected at least 0.1 seconds")
        }
        guard connectionLimits.bodyTimeout >= .milliseconds(100) else {
            throw ConfigurationError("body-timeout", "body timeout \(connectionLimits.bodyTimeout) is too short; expected at least 0.1 seconds")
        }
        guard connectionLimits.maxConnections >= 1 else {
            throw ConfigurationError("max-connections", "\(connectionLimits.maxConnections) connections is too few; expected at least 1")
        }
        if case .file(let path) = database, path.isEmpty {
            throw ConfigurationError("db", "database path is empty; expected a file path")
        }
        if case .demo(let demo) = seed, !(0...Self.maximumBusiestEventComments).contains(demo.busiestEventComments) {
            throw ConfigurationError(
                "busiest-event-comments",
                "\(demo.busiestEventComments) comments is out of range; expected 0...\(Self.maximumBusiestEventComments)"
            )
        }
    }

    /// Throws for the first duration setting past ``maximumDurationSetting``.
    private static func refuseTooLong(_ settings: (name: String, value: Duration)...) throws(ConfigurationError) {
        for (name, value) in settings where value > maximumDurationSetting {
            throw ConfigurationError(name, "\(name) \(value) is too long; expected at most \(maximumDurationSetting) (a day)")
        }
    }

    /// Throws for the first count setting past ``maximumCountSetting``.
    private static func refuseTooMany(_ settings: (name: String, value: Int)...) throws(ConfigurationError) {
        for (name, value) in settings where value > maximumCountSetting {
            throw ConfigurationError(name, "\(name) \(value) is too large; expected at most \(maximumCountSetting)")
        }
    }
}
