#if PostgreSQL
import Foundation
import PostgresNIO

extension PostgresStore: SharedLoginFailures {
    func loginWait(for attempt: LoginThrottle.Attempt, limits: LoginThrottling, now: Date) async throws -> Int? {
        let window = limits.window.timeInterval
        let since = now.timeIntervalSince1970 - window
        return try await read { [logger] connection in
            var waits: [Int] = []
            // The failure whose expiry brings a count under its limit: the limit-th newest.
            func freeing(_ query: PostgresQuery) async throws {
                for try await failedAt in try await connection.query(query, logger: logger).decode(Double.self) {
                    waits.append(max(1, Int((failedAt + window - now.timeIntervalSince1970).rounded(.up))))
                }
            }
            if let account = attempt.account {
                try await freeing(
                    """
                    SELECT failed_at FROM login_failures
                    WHERE account = \(account) AND address IS NOT DISTINCT FROM \(attempt.address) AND NOT forgiven AND failed_at > \(since)
                    ORDER BY failed_at DESC OFFSET \(limits.failuresPerAccountFromAddress - 1) LIMIT 1
                    """)
                if !attempt.fromKnownDevice {
                    try await freeing(
                        """
                        SELECT failed_at FROM login_failures WHERE account = \(account) AND failed_at > \(since)
                        ORDER BY failed_at DESC OFFSET \(limits.failuresPerAccount - 1) LIMIT 1
                        """)
                }
            }
            if let address = attempt.address {
                try await freeing(
                    """
                    SELECT failed_at FROM login_failures WHERE address = \(address) AND failed_at > \(since)
                    ORDER BY failed_at DESC OFFSET \(limits.failuresPerAddress - 1) LIMIT 1
                    """)
            }
            return waits.max()
        }
    }

    func recordLoginFailure(_ attempt: LoginThrottle.Attempt, now: Date, window: Duration) async throws {
        try await read { [logger] connection in
            // Outside the store's generation: failures change no answer the read cache keeps.
            try await connection.query(
                """
                INSERT INTO login_failures (account, address, failed_at)
                VALUES (\(attempt.account), \(attempt.address), \(now.timeIntervalSince1970))
                """, logger: logger)
            try await connection.query(
                "DELETE FROM login_failures WHERE failed_at < \(now.timeIntervalSince1970 - window.timeInterval)", logger: logger)
        }
    }

    func forgiveLoginFailures(account: String, address: String?) async throws {
        try await read { [logger] connection in
            _ = try await connection.query(
                """
                UPDATE login_failures SET forgiven = true
                WHERE account = \(account) AND address IS NOT DISTINCT FROM \(address) AND NOT forgiven
                """, logger: logger)
        }
    }
}

extension Duration {
    /// This duration in seconds, fractions included.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
#endif
