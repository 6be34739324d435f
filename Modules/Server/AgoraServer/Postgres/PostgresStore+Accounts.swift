#if PostgreSQL
import AgoraContract
import Foundation
import PostgresNIO

extension PostgresStore {
    // MARK: Users

    func account(email: String) async throws -> Account? {
        try await read { [logger] connection in
            let rows = try await connection.query(
                "SELECT id, name, email, password_hash, two_factor FROM users WHERE email = \(email)", logger: logger)
            for try await (id, name, email, hash, twoFactor) in rows.decode((Int64, String, String, String, Bool).self) {
                return Account(user: .init(id: id, name: name, email: email), passwordHash: hash, requiresTwoFactor: twoFactor)
            }
            return nil
        }
    }

    static func user(id: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Components.Schemas.User? {
        let rows = try await connection.query("SELECT id, name, email FROM users WHERE id = \(id)", logger: logger)
        for try await (id, name, email) in rows.decode((Int64, String, String).self) {
            return .init(id: id, name: name, email: email)
        }
        return nil
    }

    // MARK: Sessions

    func insertSession(token: String, userID: Int64, now: Date, expiresAt: Date, keepingAtMost limit: Int, atMostPerMinute perMinute: Int) async throws {
        let digest = TokenDigest.of(token)
        try await write { [logger] connection in
            // The account's row locked: logins to it through every server count one at a time.
            try await connection.query("SELECT id FROM users WHERE id = \(userID) FOR UPDATE", logger: logger)
            try await connection.query("DELETE FROM sessions WHERE expires_at <= \(now.unixSeconds)", logger: logger)
            let recent = try await connection.query(
                "SELECT count(*), min(created_at) FROM sessions WHERE user_id = \(userID) AND created_at > \(now.unixSeconds - 60)", logger: logger)
            for try await (count, oldest) in recent.decode((Int64, Int64?).self) where count >= perMinute {
                if let oldest { throw LoginsPerMinuteReached(oldest: oldest, now: now) }
            }
            try await connection.query(
                """
                INSERT INTO sessions (token_sha256, user_id, created_at, expires_at)
                VALUES (\(digest), \(userID), \(now.unixSeconds), \(expiresAt.unixSeconds))
                """, logger: logger)
            // The new session, and the newest others up to the limit (in one second, any of them).
            let evicted = try await connection.query(
                """
                DELETE FROM sessions WHERE user_id = \(userID) AND token_sha256 <> \(digest) AND token_sha256 NOT IN (
                    SELECT token_sha256 FROM sessions WHERE user_id = \(userID) AND token_sha256 <> \(digest)
                    ORDER BY created_at DESC, token_sha256 LIMIT \(limit - 1))
                RETURNING user_id
                """, logger: logger)
            var anyEvicted = false
            for try await _ in evicted.decode(Int64.self) { anyEvicted = true }
            if anyEvicted {
                // Streams of the sessions let go end with them.
                try await Self.record(.sessionEnded, of: 0, subject: userID, member: userID, on: connection, logger: logger)
            }
        }
    }

    func session(tokenDigest: String) async throws -> StoredSession? {
        try await read { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT u.id, u.name, u.email, s.expires_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_sha256 = \(tokenDigest)
                """, logger: logger)
            for try await (id, name, email, expiresAt) in rows.decode((Int64, String, String, Int64).self) {
                return StoredSession(user: .init(id: id, name: name, email: email), expiresAt: expiresAt)
            }
            return nil
        }
    }

    func deleteSession(token: String) async throws {
        try await write { [logger] connection in
            let deleted = try await connection.query(
                "DELETE FROM sessions WHERE token_sha256 = \(TokenDigest.of(token)) RETURNING user_id", logger: logger)
            var users: [Int64] = []
            for try await userID in deleted.decode(Int64.self) { users.append(userID) }
            // Its streams end with it.
            for userID in users {
                try await Self.record(.sessionEnded, of: 0, subject: userID, member: userID, on: connection, logger: logger)
            }
        }
    }

    // MARK: Two-factor challenges

    func insertChallenge(id: String, userID: Int64, code: String, now: Date, expiresAt: Date) async throws {
        try await write { [logger] connection in
            try await connection.query("DELETE FROM two_factor_challenges WHERE expires_at <= \(now.unixSeconds)", logger: logger)
            try await connection.query(
                """
                INSERT INTO two_factor_challenges (id, user_id, code, expires_at)
                VALUES (\(id), \(userID), \(code), \(expiresAt.unixSeconds))
                """, logger: logger)
        }
    }

    func challengeEmail(id: String) async throws -> String? {
        try await read { [logger] connection in
            let rows = try await connection.query(
                "SELECT u.email FROM two_factor_challenges c JOIN users u ON u.id = c.user_id WHERE c.id = \(id)", logger: logger)
            for try await email in rows.decode(String.self) { return email }
            return nil
        }
    }

    func answerChallenge(id: String, code: String, now: Date) async throws -> Components.Schemas.User {
        let outcome = try await write { [logger] connection -> Result<Components.Schemas.User, APIError> in
            // Locked, so two servers answering the same challenge at once count both answers.
            let rows = try await connection.query(
                "SELECT user_id, code, expires_at, failed_attempts FROM two_factor_challenges WHERE id = \(id) FOR UPDATE",
                logger: logger)
            var found: (userID: Int64, code: String, expiresAt: Int64, failedAttempts: Int32)?
            for try await row in rows.decode((Int64, String, Int64, Int32).self) { found = row }
            guard let found else { return .failure(.invalidTwoFactorCode) }
            let usedUp = found.expiresAt <= now.unixSeconds || found.code == code || Int(found.failedAttempts) + 1 >= Self.twoFactorAttempts
            if usedUp {
                try await connection.query("DELETE FROM two_factor_challenges WHERE id = \(id)", logger: logger)
            } else {
                try await connection.query(
                    "UPDATE two_factor_challenges SET failed_attempts = failed_attempts + 1 WHERE id = \(id)", logger: logger)
            }
            guard found.expiresAt > now.unixSeconds, found.code == code,
                let user = try await Self.user(id: found.userID, on: connection, logger: logger)
            else { return .failure(.invalidTwoFactorCode) }
            return .success(user)
        }
        // Returned rather than thrown inside the transaction, so a wrong code's count commits.
        return try outcome.get()
    }

    func renewChallenge(id: String, now: Date, expiresAt: Date) async throws -> Bool {
        try await write { [logger] connection in
            let rows = try await connection.query(
                """
                UPDATE two_factor_challenges SET expires_at = \(expiresAt.unixSeconds)
                WHERE id = \(id) AND expires_at > \(now.unixSeconds) RETURNING id
                """, logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    // MARK: Known devices

    func isKnownDevice(_ device: DeviceID, email: String) async throws -> Bool {
        try await read { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (
                    SELECT 1 FROM known_devices d JOIN users u ON u.id = d.user_id
                    WHERE u.email = \(email) AND d.device_sha256 = \(device.digest)
                )
                """, logger: logger)
            for try await known in rows.decode(Bool.self) { return known }
            return false
        }
    }

    func rememberDevice(_ device: DeviceID, userID: Int64, now: Date) async throws {
        try await write { [logger] connection in
            try await connection.query(
                """
                INSERT INTO known_devices (user_id, device_sha256, last_login_at) VALUES (\(userID), \(device.digest), \(now.unixSeconds))
                ON CONFLICT (user_id, device_sha256) DO UPDATE SET last_login_at = excluded.last_login_at
                """, logger: logger)
            try await connection.query(
                """
                DELETE FROM known_devices WHERE user_id = \(userID) AND device_sha256 NOT IN (
                    SELECT device_sha256 FROM known_devices WHERE user_id = \(userID)
                    ORDER BY last_login_at DESC, device_sha256 LIMIT \(Self.knownDevicesPerAccount)
                )
                """, logger: logger)
        }
    }
}
#endif
