import AgoraContract
import Foundation
import GRDB

extension SQLiteStore {
    // MARK: Users

    func account(email: String) async throws -> Account? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, name, email, password_hash, two_factor FROM users WHERE email = ?
                    """, arguments: [email]
            ).map { row in
                Account(
                    user: row.user(prefix: ""), passwordHash: row["password_hash"],
                    requiresTwoFactor: row["two_factor"]
                )
            }
        }
    }

    static func user(id: Int64, in db: Database) throws -> Components.Schemas.User? {
        try Row.fetchOne(db, sql: "SELECT id, name, email FROM users WHERE id = ?", arguments: [id])
            .map { $0.user(prefix: "") }
    }

    // MARK: Sessions

    /// Stores a new session, and forgets the sessions that have expired meanwhile. Only the
    /// token's digest is stored (``TokenDigest``): the database never holds a usable token.
    func insertSession(token: String, userID: Int64, now: Date, expiresAt: Date, keepingAtMost limit: Int, atMostPerMinute perMinute: Int) async throws {
        let digest = TokenDigest.of(token)
        try await write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expires_at <= ?", arguments: [now.unixSeconds])
            let recent = try Row.fetchOne(
                db, sql: "SELECT count(*) AS count, min(created_at) AS oldest FROM sessions WHERE user_id = ? AND created_at > ?",
                arguments: [userID, now.unixSeconds - 60])
            if let recent, let count: Int = recent["count"], count >= perMinute, let oldest: Int64 = recent["oldest"] {
                throw LoginsPerMinuteReached(oldest: oldest, now: now)
            }
            try db.execute(
                sql: """
                    INSERT INTO sessions (token_sha256, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
                    """, arguments: [digest, userID, now.unixSeconds, expiresAt.unixSeconds])
            // The new session, and the newest others up to the limit (in one second, any of them:
            // the table has no insertion order).
            try db.execute(
                sql: """
                    DELETE FROM sessions WHERE user_id = ? AND token_sha256 <> ? AND token_sha256 NOT IN (
                        SELECT token_sha256 FROM sessions WHERE user_id = ? AND token_sha256 <> ?
                        ORDER BY created_at DESC, token_sha256 LIMIT ?)
                    """, arguments: [userID, digest, userID, digest, limit - 1])
            if db.changesCount > 0 {
                // Streams of the sessions let go end with them.
                try Self.record(.sessionEnded, of: 0, subject: userID, member: userID, in: db)
            }
        }
    }

    func session(tokenDigest: String) async throws -> StoredSession? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT u.id, u.name, u.email, s.expires_at
                    FROM sessions s JOIN users u ON u.id = s.user_id
                    WHERE s.token_sha256 = ?
                    """, arguments: [tokenDigest]
            ).map { StoredSession(user: $0.user(prefix: ""), expiresAt: $0["expires_at"]) }
        }
    }

    /// Ends a session: its token stops working at once, and its streams end.
    func deleteSession(token: String) async throws {
        try await write { db in
            let digest = TokenDigest.of(token)
            guard let userID = try Int64.fetchOne(db, sql: "SELECT user_id FROM sessions WHERE token_sha256 = ?", arguments: [digest]) else { return }
            try db.execute(sql: "DELETE FROM sessions WHERE token_sha256 = ?", arguments: [digest])
            try Self.record(.sessionEnded, of: 0, subject: userID, member: userID, in: db)
        }
    }

    // MARK: Two-factor challenges

    /// Stores a new challenge, and forgets the challenges that have expired meanwhile.
    func insertChallenge(id: String, userID: Int64, code: String, now: Date, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM two_factor_challenges WHERE expires_at <= ?", arguments: [now.unixSeconds])
            try db.execute(
                sql: """
                    INSERT INTO two_factor_challenges (id, user_id, code, expires_at) VALUES (?, ?, ?, ?)
                    """, arguments: [id, userID, code, expiresAt.unixSeconds])
        }
    }

    /// The email of the account a challenge belongs to, or `nil` when there is no such challenge.
    func challengeEmail(id: String) async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT u.email FROM two_factor_challenges c JOIN users u ON u.id = c.user_id WHERE c.id = ?
                    """, arguments: [id])
        }
    }

    /// The user whose challenge this code answers; the challenge is used up. A wrong code
    /// counts against the challenge, an unknown or expired challenge is refused the same way.
    func answerChallenge(id: String, code: String, now: Date) async throws -> Components.Schemas.User {
        let outcome = try await write { db -> Result<Components.Schemas.User, APIError> in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT user_id, code, expires_at, failed_attempts FROM two_factor_challenges WHERE id = ?
                        """, arguments: [id])
            else { return .failure(.invalidTwoFactorCode) }
            guard (row["expires_at"] as Int64) > now.unixSeconds else {
                try db.execute(sql: "DELETE FROM two_factor_challenges WHERE id = ?", arguments: [id])
                return .failure(.invalidTwoFactorCode)
            }
            guard row["code"] == code else {
                if (row["failed_attempts"] as Int) + 1 >= Self.twoFactorAttempts {
                    try db.execute(sql: "DELETE FROM two_factor_challenges WHERE id = ?", arguments: [id])
                } else {
                    try db.execute(
                        sql: """
                            UPDATE two_factor_challenges SET failed_attempts = failed_attempts + 1 WHERE id = ?
                            """, arguments: [id])
                }
                return .failure(.invalidTwoFactorCode)
            }
            try db.execute(sql: "DELETE FROM two_factor_challenges WHERE id = ?", arguments: [id])
            guard let user = try Self.user(id: row["user_id"], in: db) else { return .failure(.invalidTwoFactorCode) }
            return .success(user)
        }
        // Returned rather than thrown inside the transaction, so a wrong code's count commits.
        return try outcome.get()
    }

    /// Gives a live challenge a new lifetime, as sending its code again does; `false` when
    /// there is no such challenge (or it expired).
    func renewChallenge(id: String, now: Date, expiresAt: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE two_factor_challenges SET expires_at = ? WHERE id = ? AND expires_at > ?
                    """, arguments: [expiresAt.unixSeconds, id, now.unixSeconds])
            return db.changesCount > 0
        }
    }
}
