import AgoraContract
import Foundation
import GRDB

extension SQLiteStore {
    /// The SQL of a page of a user's feed, newest first, after a keyset or from the top.
    /// One seek into ``ServerSchema/activitiesPageIndex``.
    static func activitiesPageSQL(afterKeyset: Bool) -> String {
        """
        SELECT a.id, a.kind, a.occurred_at, a.event_id, e.title AS event_title, e.starts_at, a.comment_id, a.excerpt,
               u.id AS actor_id, u.name AS actor_name
        FROM activities a
        JOIN events e ON e.id = a.event_id
        LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.user_id = ?\(afterKeyset ? " AND (a.occurred_at, a.id) < (?, ?)" : "")
        ORDER BY a.occurred_at DESC, a.id DESC
        LIMIT ?
        """
    }

    /// A page of `userID`'s feed, newest first, after `keyset`.
    func activitiesPage(userID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.ActivitiesPage {
        try await read { db in
            var arguments: StatementArguments = [userID]
            if let keyset { arguments += [keyset.seconds, keyset.id] }
            arguments += [limit + 1]  // one more tells whether there is a next page
            let statement = try db.cachedStatement(sql: Self.activitiesPageSQL(afterKeyset: keyset != nil))
            let activities = try Row.fetchAll(statement, arguments: arguments)
                .map(Self.activity(from:))
            let page = Array(activities.prefix(limit))
            let next =
                activities.count > limit
                ? page.last.map { Keyset(kind: .activities, seconds: $0.occurredAt.unixSeconds, id: $0.id) }
                : nil
            return Components.Schemas.ActivitiesPage(items: page, nextCursor: next?.description)
        }
    }

    func activity(id: Int64) async throws -> Components.Schemas.Activity? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT a.id, a.kind, a.occurred_at, a.event_id, e.title AS event_title, e.starts_at, a.comment_id, a.excerpt,
                           u.id AS actor_id, u.name AS actor_name
                    FROM activities a
                    JOIN events e ON e.id = a.event_id
                    LEFT JOIN users u ON u.id = a.actor_id
                    WHERE a.id = ?
                    """, arguments: [id]
            ).map(Self.activity(from:))
        }
    }

    static func activity(from row: Row) -> Components.Schemas.Activity {
        let actorID: Int64? = row["actor_id"]
        let kind = Components.Schemas.Activity.KindPayload(rawValue: row["kind"]) ?? .commented
        return Components.Schemas.Activity(
            id: row["id"],
            kind: kind,
            occurredAt: Date(unixSeconds: row["occurred_at"]),
            eventID: row["event_id"],
            eventTitle: row["event_title"],
            actor: actorID == nil ? nil : row.author(prefix: "actor_"),
            commentID: row["comment_id"],
            excerpt: row["excerpt"],
            startsAt: kind == .startingSoon ? Date(unixSeconds: row["starts_at"]) : nil
        )
    }
}
