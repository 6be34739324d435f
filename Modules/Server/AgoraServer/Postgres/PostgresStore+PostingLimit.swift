#if PostgreSQL
import Foundation
import PostgresNIO

extension PostgresStore: SharedPostingLimit {
    func takePostingToken(for account: Int64, clientID: String?, limit: CommentPostingLimit, now: Date) async throws -> Int? {
        let seconds = now.timeIntervalSince1970
        let retryCutoff = seconds - PostingThrottle.retryWindow
        return try await transaction { [logger] connection in
            // The account's row, made full when missing, then locked (FOR UPDATE) until the
            // transaction ends: takes through other servers wait there and see this one's outcome.
            try await connection.query(
                """
                INSERT INTO posting_buckets (user_id, tokens, updated_at) VALUES (\(account), \(Double(limit.burst)), \(seconds))
                ON CONFLICT (user_id) DO NOTHING
                """, logger: logger)
            var stored: PostingBucket?
            let rows = try await connection.query(
                "SELECT tokens, updated_at FROM posting_buckets WHERE user_id = \(account) FOR UPDATE", logger: logger)
            for try await (tokens, updated) in rows.decode((Double, Double).self) {
                stored = PostingBucket(tokens: tokens, updated: Date(timeIntervalSince1970: updated))
            }
            if let clientID {
                let charged = try await connection.query(
                    """
                    SELECT 1 FROM posting_charges
                    WHERE user_id = \(account) AND client_id = \(clientID) AND charged_at > \(retryCutoff)
                    """, logger: logger)
                for try await _ in charged.decode(Int32.self) { return nil }
            }
            var bucket = PostingBucket.refilled(stored, limit: limit, now: now)
            if let wait = bucket.take(limit: limit) { return wait }
            try await connection.query(
                "UPDATE posting_buckets SET tokens = \(bucket.tokens), updated_at = \(seconds) WHERE user_id = \(account)", logger: logger)
            if let clientID {
                try await connection.query(
                    """
                    INSERT INTO posting_charges (user_id, client_id, charged_at) VALUES (\(account), \(clientID), \(seconds))
                    ON CONFLICT (user_id, client_id) DO UPDATE SET charged_at = EXCLUDED.charged_at
                    """, logger: logger)
            }
            // Charges past the retry window no longer make a post free: forgotten, so the table
            // holds the last ten minutes' posts.
            try await connection.query("DELETE FROM posting_charges WHERE charged_at <= \(retryCutoff)", logger: logger)
            return nil
        }
    }
}
#endif
