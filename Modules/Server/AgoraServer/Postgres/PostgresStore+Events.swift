#if PostgreSQL
import AgoraContract
import Foundation
import PostgresNIO

extension PostgresStore {
    /// An event's columns in ``eventColumns``' order.
    typealias EventRow = (Int64, String, String, String, Int64, Int64, Int64, Int64, Int64, Bool, String?, String?)

    func eventsPage(after keyset: Keyset?, limit: Int, viewerID: Int64?, onlyGoing: Bool) async throws -> Components.Schemas.EventsPage {
        try await read { [logger] connection in
            // One more row than asked tells whether there is a next page. `NOT $onlyGoing OR …`
            // costs nothing when it is false: each query is planned with its values, and the
            // planner folds the condition away.
            let query: PostgresQuery =
                if let keyset {
                    """
                    SELECT e.id, e.title, e.summary, e.venue, e.starts_at, e.ends_at, e.host_id, e.attendee_count, e.comment_count,
                           EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.user_id = \(viewerID)),
                           (SELECT u.name FROM users u WHERE u.id = e.host_id), e.time_zone
                    FROM events e WHERE (e.starts_at, e.id) > (\(keyset.seconds), \(keyset.id))
                      AND (NOT \(onlyGoing) OR e.id IN (SELECT event_id FROM rsvps WHERE user_id = \(viewerID)))
                    ORDER BY e.starts_at, e.id LIMIT \(limit + 1)
                    """
                } else {
                    """
                    SELECT e.id, e.title, e.summary, e.venue, e.starts_at, e.ends_at, e.host_id, e.attendee_count, e.comment_count,
                           EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.user_id = \(viewerID)),
                           (SELECT u.name FROM users u WHERE u.id = e.host_id), e.time_zone
                    FROM events e WHERE NOT \(onlyGoing) OR e.id IN (SELECT event_id FROM rsvps WHERE user_id = \(viewerID))
                    ORDER BY e.starts_at, e.id LIMIT \(limit + 1)
                    """
                }
            var events: [Components.Schemas.Event] = []
            for try await row in try await connection.query(query, logger: logger).decode(EventRow.self) {
                events.append(Self.event(from: row))
            }
            var page = Array(events.prefix(limit))
            let attendees = try await Self.attendees(of: page.map(\.id), on: connection, logger: logger)
            for index in page.indices { page[index].attendees = attendees[page[index].id, default: []] }
            let next = events.count > limit ? page.last.map(SQLiteStore.keyset(of:)) : nil
            return Components.Schemas.EventsPage(items: page, nextCursor: next?.description)
        }
    }

    func event(id: Int64, viewerID: Int64?) async throws -> Components.Schemas.Event? {
        try await read { [logger] connection in try await Self.event(id: id, viewerID: viewerID, on: connection, logger: logger) }
    }

    /// One event; `forUpdate` locks its row until the transaction ends, so RSVPs to it from
    /// several servers take turns. `withAttendees: false` leaves who goes out (one round trip
    /// less), for a read that only checks the event.
    static func event(
        id: Int64, viewerID: Int64?, forUpdate: Bool = false, withAttendees: Bool = true, on connection: PostgresConnection, logger: Logger
    ) async throws -> Components.Schemas.Event? {
        let rows = try await connection.query(
            """
            SELECT e.id, e.title, e.summary, e.venue, e.starts_at, e.ends_at, e.host_id, e.attendee_count, e.comment_count,
                   EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.user_id = \(viewerID)),
                   (SELECT u.name FROM users u WHERE u.id = e.host_id), e.time_zone
            FROM events e WHERE e.id = \(id)\(unescaped: forUpdate ? " FOR UPDATE OF e" : "")
            """, logger: logger)
        var found: Components.Schemas.Event?
        for try await row in rows.decode(EventRow.self) { found = event(from: row) }
        guard var event = found else { return nil }
        guard withAttendees else { return event }
        event.attendees = try await attendees(of: [id], on: connection, logger: logger)[id, default: []]
        return event
    }

    /// The latest five who said they go to each event, the latest first, in one round trip:
    /// five rows of the `rsvps_latest` index per event, whatever the count.
    static func attendees(
        of eventIDs: [Int64], on connection: PostgresConnection, logger: Logger
    ) async throws -> [Int64: [Components.Schemas.Author]] {
        guard !eventIDs.isEmpty else { return [:] }
        let rows = try await connection.query(
            """
            SELECT e.id, a.id, a.name FROM unnest(\(eventIDs)) WITH ORDINALITY AS e(id, place)
            CROSS JOIN LATERAL (
                SELECT u.id, u.name, r.responded_at, r.user_id FROM rsvps r JOIN users u ON u.id = r.user_id
                WHERE r.event_id = e.id ORDER BY r.responded_at DESC, r.user_id DESC LIMIT 5
            ) a
            ORDER BY e.place, a.responded_at DESC, a.user_id DESC
            """, logger: logger)
        var attendees: [Int64: [Components.Schemas.Author]] = [:]
        for try await (eventID, id, name) in rows.decode((Int64, Int64, String).self) {
            attendees[eventID, default: []].append(Components.Schemas.Author(id: id, name: name))
        }
        return attendees
    }

    func setRSVP(eventID: Int64, userID: Int64, going: Bool, now: Date) async throws -> Components.Schemas.Event {
        try await write { [logger] connection in
            // Who goes is read once, after the change, for the answer.
            guard
                let event = try await Self.event(
                    id: eventID, viewerID: userID, forUpdate: true, withAttendees: false, on: connection, logger: logger)
            else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            if !going, event.hostID == userID {
                throw APIError.invalidField("going", "The host of an event cannot cancel going to it.")
            }
            if going != event.isGoing {
                try await Self.recordRSVP(event: event, userID: userID, going: going, now: now, on: connection, logger: logger)
            }
            guard let updated = try await Self.event(id: eventID, viewerID: userID, on: connection, logger: logger) else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            return updated
        }
    }

    private static func recordRSVP(
        event: Components.Schemas.Event, userID: Int64, going: Bool, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        if going {
            try await connection.query(
                "INSERT INTO rsvps (event_id, user_id, responded_at) VALUES (\(event.id), \(userID), \(now.unixSeconds))", logger: logger)
        } else {
            try await connection.query("DELETE FROM rsvps WHERE event_id = \(event.id) AND user_id = \(userID)", logger: logger)
        }
        let change: Int64 = going ? 1 : -1
        try await connection.query(
            "UPDATE events SET attendee_count = greatest(attendee_count + \(change), 0) WHERE id = \(event.id)", logger: logger)
        try await record(.event, of: event.id, subject: event.id, on: connection, logger: logger)
        // The member's other devices see their answer.
        try await record(.rsvp, of: event.id, subject: event.id, member: userID, on: connection, logger: logger)
        guard event.hostID != userID else { return }
        // One "is going" per guest in the host's feed, the latest.
        let deleted = try await connection.query(
            """
            DELETE FROM activities WHERE user_id = \(event.hostID) AND kind = 'rsvped' AND event_id = \(event.id) AND actor_id = \(userID)
            RETURNING id
            """, logger: logger)
        var earlier: [Int64] = []
        for try await activityID in deleted.decode(Int64.self) { earlier.append(activityID) }
        for activityID in earlier {
            try await record(.activityDeleted, of: event.id, subject: activityID, member: event.hostID, on: connection, logger: logger)
        }
        if going {
            let inserted = try await connection.query(
                """
                INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id)
                VALUES (\(event.hostID), 'rsvped', \(now.unixSeconds), \(event.id), \(userID))
                RETURNING id
                """, logger: logger)
            var activityIDs: [Int64] = []
            for try await activityID in inserted.decode(Int64.self) { activityIDs.append(activityID) }
            for activityID in activityIDs {
                try await record(.activity, of: event.id, subject: activityID, member: event.hostID, on: connection, logger: logger)
            }
        }
    }

    static func event(from row: EventRow) -> Components.Schemas.Event {
        Components.Schemas.Event(
            id: row.0, title: row.1, summary: row.2, venue: row.3, timeZone: row.11,
            startsAt: Date(unixSeconds: row.4), endsAt: Date(unixSeconds: row.5),
            hostID: row.6, hostName: row.10, attendeeCount: row.7, attendees: [], commentCount: row.8, isGoing: row.9
        )
    }
}
#endif
