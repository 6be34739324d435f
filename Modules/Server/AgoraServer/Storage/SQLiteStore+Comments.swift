import AgoraContract
import Foundation
import GRDB

extension SQLiteStore {
    /// Selects a comment with its author's `author_*` columns from `comments c`.
    static let commentColumns = """
        SELECT c.id, c.event_id, c.body, c.created_at,
               u.id AS author_id, u.name AS author_name
        FROM comments c JOIN users u ON u.id = c.author_id
        """

    /// The SQL of a page of an event's comments, newest first, after a keyset or from the top.
    /// One seek into ``ServerSchema/commentsPageIndex``, whatever the depth of the page.
    static func commentsPageSQL(afterKeyset: Bool) -> String {
        commentColumns + """

            WHERE c.event_id = ?\(afterKeyset ? " AND (c.created_at, c.id) < (?, ?)" : "")
            ORDER BY c.created_at DESC, c.id DESC
            LIMIT ?
            """
    }

    /// A page of an event's comments, newest first; 404 when there is no such event.
    func commentsPage(eventID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.CommentsPage {
        try await read { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM events WHERE id = ?)", arguments: [eventID]) == true else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            var arguments: StatementArguments = [eventID]
            if let keyset { arguments += [keyset.seconds, keyset.id] }
            arguments += [limit + 1]  // one more tells whether there is a next page
            let statement = try db.cachedStatement(sql: Self.commentsPageSQL(afterKeyset: keyset != nil))
            let comments = try Row.fetchAll(statement, arguments: arguments)
                .map(Self.comment(from:))
            let page = Array(comments.prefix(limit))
            let next = comments.count > limit ? page.last.map(Self.keyset(of:)) : nil
            return Components.Schemas.CommentsPage(items: page, nextCursor: next?.description)
        }
    }

    /// Posts a comment: counts it on the event and tells every other attendee in their feed.
    /// A `clientID` the author used before answers that earlier comment instead.
    func postComment(eventID: Int64, authorID: Int64, body: String, clientID: String?, now: Date) async throws -> CommentPostOutcome {
        try await write { db in
            if let clientID,
                let existing = try Row.fetchOne(
                    db,
                    sql: Self.commentColumns + """

                        WHERE c.author_id = ? AND c.client_id = ?
                        """, arguments: [authorID, clientID])
            {
                return .existing(Self.comment(from: existing))
            }
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM events WHERE id = ?)", arguments: [eventID]) == true else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            try db.execute(
                sql: """
                    INSERT INTO comments (event_id, author_id, body, created_at, client_id) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [eventID, authorID, body, now.unixSeconds, clientID])
            let commentID = db.lastInsertedRowID
            try db.execute(sql: "UPDATE events SET comment_count = comment_count + 1 WHERE id = ?", arguments: [eventID])
            try db.execute(
                sql: """
                    INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id, comment_id, excerpt)
                    SELECT r.user_id, 'commented', ?, r.event_id, ?, ?, ? FROM rsvps r WHERE r.event_id = ? AND r.user_id <> ?
                    """, arguments: [now.unixSeconds, authorID, commentID, String(body.prefix(Self.excerptLength)), eventID, authorID])
            guard let row = try Row.fetchOne(db, sql: Self.commentColumns + "\nWHERE c.id = ?", arguments: [commentID]) else {
                throw APIError.notFound("There is no comment \(commentID).")
            }
            try Self.record(.comment, of: eventID, subject: commentID, in: db)
            // Its event has one comment more: its followers see the count change.
            try Self.record(.event, of: eventID, subject: eventID, in: db)
            try Self.recordFeedChanges(.activity, ofComment: commentID, in: db)
            return .created(Self.comment(from: row))
        }
    }

    /// Deletes one of `userID`'s comments, with the feed entries it caused: 404 when there is
    /// no such comment, 403 when it is someone else's.
    func deleteComment(id: Int64, userID: Int64) async throws {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT author_id, event_id FROM comments WHERE id = ?", arguments: [id]) else {
                throw APIError.notFound("There is no comment \(id).")
            }
            guard (row["author_id"] as Int64) == userID else {
                throw APIError.forbidden("Only its author can delete comment \(id).")
            }
            // Its activities go with it (ON DELETE CASCADE): each leaves its member's feed.
            try Self.recordFeedChanges(.activityDeleted, ofComment: id, in: db)
            try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "UPDATE events SET comment_count = max(comment_count - 1, 0) WHERE id = ?",
                arguments: [row["event_id"] as Int64])
            try Self.record(.commentDeleted, of: row["event_id"], subject: id, in: db)
            try Self.record(.event, of: row["event_id"], subject: row["event_id"], in: db)
        }
    }

    static func comment(from row: Row) -> Components.Schemas.Comment {
        Components.Schemas.Comment(
            id: row["id"], eventID: row["event_id"], author: row.author(prefix: "author_"), body: row["body"],
            createdAt: Date(unixSeconds: row["created_at"])
        )
    }

    static func keyset(of comment: Components.Schemas.Comment) -> Keyset {
        Keyset(kind: .comments, seconds: comment.createdAt.unixSeconds, id: comment.id)
    }
}
