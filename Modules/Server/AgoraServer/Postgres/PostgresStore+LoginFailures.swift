#if PostgreSQL
import Foundation
import PostgresNIO

extension PostgresStore: SharedLoginFailures {
    func reserveLoginTry(_ attempt: LoginThrottle.Attempt, limits: LoginThrottling, now: Date) async throws -> SharedLoginTry {
        let window = limits.window.timeInterval
        let at = now.timeIntervalSince1970
        let since = at - window
        return try await transaction { [logger] connection in
            // One reservation at a time for the account, then for the address, on every server:
            // every transaction takes them in this order, so two never wait for each other.
            if let account = attempt.account {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\("agora.login.account:" + account), 0))", logger: logger)
            }
            if let address = attempt.address {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\("agora.login.address:" + address), 0))", logger: logger)
            }
            try await connection.query("DELETE FROM login_failures WHERE failed_at < \(since)", logger: logger)
            var waits: [Int] = []
            // The failure whose expiry brings a count under its limit: the limit-th newest.
            func freeing(_ query: PostgresQuery) async throws {
                for try await failedAt in try await connection.query(query, logger: logger).decode(Double.self) {
                    waits.append(max(1, Int((failedAt + window - at).rounded(.up))))
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
            if let wait = waits.max() { return .wait(seconds: wait) }
            let rows = try await connection.query(
                """
                INSERT INTO login_failures (account, address, failed_at)
                VALUES (\(attempt.account), \(attempt.address), \(at)) RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) { return .reserved(.init(id: id)) }
            throw ReservationNotReturned()
        }
    }

    func releaseLoginTry(_ reservation: SharedLoginTry.Reservation) async throws {
        try await read { [logger] connection in
            _ = try await connection.query("DELETE FROM login_failures WHERE id = \(reservation.id)", logger: logger)
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
/// The insert of a reservation returned no row: the database did not do what it was asked.
struct ReservationNotReturned: Error, CustomStringConvertible {
    var description: String { "the reserved login try's row was not returned" }
}
#endif
