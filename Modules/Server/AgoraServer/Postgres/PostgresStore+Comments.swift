#if PostgreSQL
import AgoraContract
import Foundation
import PostgresNIO

extension PostgresStore {
    /// A comment with its author, in the order `SELECT c.id, c.event_id, c.body, c.created_at, u.id, u.name`.
    typealias CommentRow = (Int64, Int64, String, Int64, Int64, String)

    func commentsPage(eventID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.CommentsPage {
        try await read { [logger] connection in
            guard try await Self.eventExists(eventID, on: connection, logger: logger) else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            // One more row than asked tells whether there is a next page.
            let query: PostgresQuery =
                if let keyset {
                    """
                    SELECT c.id, c.event_id, c.body, c.created_at, u.id, u.name
                    FROM comments c JOIN users u ON u.id = c.author_id
                    WHERE c.event_id = \(eventID) AND (c.created_at, c.id) < (\(keyset.seconds), \(keyset.id))
                    ORDER BY c.created_at DESC, c.id DESC LIMIT \(limit + 1)
                    """
                } else {
                    """
                    SELECT c.id, c.event_id, c.body, c.created_at, u.id, u.name
                    FROM comments c JOIN users u ON u.id = c.author_id
                    WHERE c.event_id = \(eventID)
                    ORDER BY c.created_at DESC, c.id DESC LIMIT \(limit + 1)
                    """
                }
            var comments: [Components.Schemas.Comment] = []
            for try await row in try await connection.query(query, logger: logger).decode(CommentRow.self) {
                comments.append(Self.comment(from: row))
            }
            let page = Array(comments.prefix(limit))
            let next = comments.count > limit ? page.last.map(SQLiteStore.keyset(of:)) : nil
            return Components.Schemas.CommentsPage(items: page, nextCursor: next?.description)
        }
    }

    func postComment(eventID: Int64, authorID: Int64, body: String, clientID: String?, now: Date) async throws -> CommentPostOutcome {
        try await write { [logger] connection in
            if let clientID, let existing = try await Self.comment(authorID: authorID, clientID: clientID, on: connection, logger: logger) {
                return .existing(existing)
            }
            guard try await Self.eventExists(eventID, on: connection, logger: logger) else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            // Another server may store the same clientID between the check and here: the unique
            // index makes this insert do nothing then, and that comment is the answer.
            let inserted = try await connection.query(
                """
                INSERT INTO comments (event_id, author_id, body, created_at, client_id)
                VALUES (\(eventID), \(authorID), \(body), \(now.unixSeconds), \(clientID))
                ON CONFLICT (author_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
                RETURNING id
                """, logger: logger)
            var commentID: Int64?
            for try await id in inserted.decode(Int64.self) { commentID = id }
            guard let commentID else {
                guard let clientID, let existing = try await Self.comment(authorID: authorID, clientID: clientID, on: connection, logger: logger)
                else { throw APIError.notFound("There is no comment with client ID \(clientID ?? "")") }
                return .existing(existing)
            }
            try await connection.query("UPDATE events SET comment_count = comment_count + 1 WHERE id = \(eventID)", logger: logger)
            try await connection.query(
                """
                INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id, comment_id, excerpt)
                SELECT r.user_id, 'commented', \(now.unixSeconds), r.event_id, \(authorID), \(commentID), \(String(body.prefix(Self.excerptLength)))
                FROM rsvps r WHERE r.event_id = \(eventID) AND r.user_id <> \(authorID)
                """, logger: logger)
            guard let comment = try await Self.comment(id: commentID, on: connection, logger: logger) else {
                throw APIError.notFound("There is no comment \(commentID).")
            }
            try await Self.record(.comment, of: eventID, subject: commentID, on: connection, logger: logger)
            // Its event has one comment more: its followers see the count change.
            try await Self.record(.event, of: eventID, subject: eventID, on: connection, logger: logger)
            try await Self.recordFeedChanges(.activity, ofComment: commentID, on: connection, logger: logger)
            return .created(comment)
        }
    }

    func deleteComment(id: Int64, userID: Int64) async throws {
        try await write { [logger] connection in
            let rows = try await connection.query("SELECT author_id, event_id FROM comments WHERE id = \(id) FOR UPDATE", logger: logger)
            var found: (authorID: Int64, eventID: Int64)?
            for try await row in rows.decode((Int64, Int64).self) { found = row }
            guard let found else { throw APIError.notFound("There is no comment \(id).") }
            guard found.authorID == userID else { throw APIError.forbidden("Only its author can delete comment \(id).") }
            // Its activities go with it (ON DELETE CASCADE): each leaves its member's feed.
            try await Self.recordFeedChanges(.activityDeleted, ofComment: id, on: connection, logger: logger)
            try await connection.query("DELETE FROM comments WHERE id = \(id)", logger: logger)
            try await connection.query(
                "UPDATE events SET comment_count = greatest(comment_count - 1, 0) WHERE id = \(found.eventID)", logger: logger)
            try await Self.record(.commentDeleted, of: found.eventID, subject: id, on: connection, logger: logger)
            try await Self.record(.event, of: found.eventID, subject: found.eventID, on: connection, logger: logger)
        }
    }

    static func eventExists(_ id: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for try await exists in try await connection.query("SELECT EXISTS (SELECT 1 FROM events WHERE id = \(id))", logger: logger)
            .decode(Bool.self)
        {
            return exists
        }
        return false
    }

    static func comment(id: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Components.Schemas.Comment? {
        let rows = try await connection.query(
            """
            SELECT c.id, c.event_id, c.body, c.created_at, u.id, u.name
            FROM comments c JOIN users u ON u.id = c.author_id WHERE c.id = \(id)
            """, logger: logger)
        for try await row in rows.decode(CommentRow.self) { return comment(from: row) }
        return nil
    }

    private static func comment(
        authorID: Int64, clientID: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> Components.Schemas.Comment? {
        let rows = try await connection.query(
            """
            SELECT c.id, c.event_id, c.body, c.created_at, u.id, u.name
            FROM comments c JOIN users u ON u.id = c.author_id WHERE c.author_id = \(authorID) AND c.client_id = \(clientID)
            """, logger: logger)
        for try await row in rows.decode(CommentRow.self) { return comment(from: row) }
        return nil
    }

    static func comment(from row: CommentRow) -> Components.Schemas.Comment {
        Components.Schemas.Comment(
            id: row.0, eventID: row.1, author: .init(id: row.4, name: row.5), body: row.2, createdAt: Date(unixSeconds: row.3)
        )
    }
}
#endif
