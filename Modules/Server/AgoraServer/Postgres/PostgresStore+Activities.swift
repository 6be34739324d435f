#if PostgreSQL
import AgoraContract
import Foundation
import PostgresNIO

extension PostgresStore {
    /// An activity with its event's title and its actor, in the order of ``activitiesPage(userID:after:limit:)``'s columns.
    typealias ActivityRow = (Int64, String, Int64, Int64, String, Int64?, String?, Int64?, String?, Int64)

    func activitiesPage(userID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.ActivitiesPage {
        try await read { [logger] connection in
            // One more row than asked tells whether there is a next page.
            let query: PostgresQuery =
                if let keyset {
                    """
                    SELECT a.id, a.kind, a.occurred_at, a.event_id, e.title, a.comment_id, a.excerpt, u.id, u.name, e.starts_at
                    FROM activities a JOIN events e ON e.id = a.event_id LEFT JOIN users u ON u.id = a.actor_id
                    WHERE a.user_id = \(userID) AND (a.occurred_at, a.id) < (\(keyset.seconds), \(keyset.id))
                    ORDER BY a.occurred_at DESC, a.id DESC LIMIT \(limit + 1)
                    """
                } else {
                    """
                    SELECT a.id, a.kind, a.occurred_at, a.event_id, e.title, a.comment_id, a.excerpt, u.id, u.name, e.starts_at
                    FROM activities a JOIN events e ON e.id = a.event_id LEFT JOIN users u ON u.id = a.actor_id
                    WHERE a.user_id = \(userID)
                    ORDER BY a.occurred_at DESC, a.id DESC LIMIT \(limit + 1)
                    """
                }
            var activities: [Components.Schemas.Activity] = []
            for try await row in try await connection.query(query, logger: logger).decode(ActivityRow.self) {
                activities.append(Self.activity(from: row))
            }
            let page = Array(activities.prefix(limit))
            let next =
                activities.count > limit
                ? page.last.map { Keyset(kind: .activities, seconds: $0.occurredAt.unixSeconds, id: $0.id) }
                : nil
            return Components.Schemas.ActivitiesPage(items: page, nextCursor: next?.description)
        }
    }

    func activity(id: Int64) async throws -> Components.Schemas.Activity? {
        try await read { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT a.id, a.kind, a.occurred_at, a.event_id, e.title, a.comment_id, a.excerpt, u.id, u.name, e.starts_at
                FROM activities a JOIN events e ON e.id = a.event_id LEFT JOIN users u ON u.id = a.actor_id
                WHERE a.id = \(id)
                """, logger: logger)
            for try await row in rows.decode(ActivityRow.self) { return Self.activity(from: row) }
            return nil
        }
    }

    static func activity(from row: ActivityRow) -> Components.Schemas.Activity {
        let actor = row.7.map { Components.Schemas.Author(id: $0, name: row.8 ?? "") }
        let kind = Components.Schemas.Activity.KindPayload(rawValue: row.1) ?? .commented
        return Components.Schemas.Activity(
            id: row.0,
            kind: kind,
            occurredAt: Date(unixSeconds: row.2),
            eventID: row.3,
            eventTitle: row.4,
            actor: actor,
            commentID: row.5,
            excerpt: row.6,
            startsAt: kind == .startingSoon ? Date(unixSeconds: row.9) : nil
        )
    }
}
#endif
