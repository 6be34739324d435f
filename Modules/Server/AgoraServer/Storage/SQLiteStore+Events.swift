import AgoraContract
import Foundation
import GRDB

extension SQLiteStore {
    /// The columns of an event, with `is_going` for the viewer bound to the first `?`;
    /// ``event(from:)`` reads them in this order.
    private static let eventColumns = """
        e.id, e.title, e.summary, e.venue, e.starts_at, e.ends_at, e.host_id, e.attendee_count,
        e.comment_count, EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.user_id = ?) AS is_going,
        (SELECT u.name FROM users u WHERE u.id = e.host_id) AS host_name, e.time_zone
        """

    /// Events soonest first, after `keyset`, each with the latest few going; `isGoing` is the
    /// viewer's answer (`false` without one), and `onlyGoing` keeps the events they go to.
    /// Served by ``ServerSchema/eventsPageIndex`` (the viewer's own by `rsvps_by_user`); each
    /// statement is prepared once per connection.
    func eventsPage(after keyset: Keyset?, limit: Int, viewerID: Int64?, onlyGoing: Bool) async throws -> Components.Schemas.EventsPage {
        try await read { db in
            var sql = "SELECT \(Self.eventColumns) FROM events e"
            var arguments: StatementArguments = [viewerID]
            var conditions: [String] = []
            if onlyGoing {
                conditions.append("e.id IN (SELECT event_id FROM rsvps WHERE user_id = ?)")
                arguments += [viewerID]
            }
            if let keyset {
                conditions.append("(e.starts_at, e.id) > (?, ?)")
                arguments += [keyset.seconds, keyset.id]
            }
            if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
            sql += " ORDER BY e.starts_at, e.id LIMIT ?"
            arguments += [limit + 1]  // one more tells whether there is a next page
            let events = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(Self.event(from:))
            var page = Array(events.prefix(limit))
            for index in page.indices { page[index].attendees = try Self.attendees(of: page[index].id, in: db) }
            let next = events.count > limit ? page.last.map(Self.keyset(of:)) : nil
            return Components.Schemas.EventsPage(items: page, nextCursor: next?.description)
        }
    }

    func event(id: Int64, viewerID: Int64?) async throws -> Components.Schemas.Event? {
        try await read { db in try Self.event(id: id, viewerID: viewerID, in: db) }
    }

    /// One event; `withAttendees: false` leaves who goes out, for a read that only checks it.
    static func event(id: Int64, viewerID: Int64?, withAttendees: Bool = true, in db: Database) throws -> Components.Schemas.Event? {
        guard
            var event = try Row.fetchOne(db, sql: "SELECT \(eventColumns) FROM events e WHERE e.id = ?", arguments: [viewerID, id])
                .map(event(from:))
        else { return nil }
        if withAttendees { event.attendees = try attendees(of: id, in: db) }
        return event
    }

    /// The latest five who said they go to the event, the latest first: five rows of
    /// ``ServerSchema``'s `rsvps_latest` index, whatever the count, from a statement prepared once
    /// per connection (a page runs it once per event).
    static func attendees(of eventID: Int64, in db: Database) throws -> [Components.Schemas.Author] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT u.id, u.name FROM rsvps r JOIN users u ON u.id = r.user_id
                    WHERE r.event_id = ? ORDER BY r.responded_at DESC, r.user_id DESC LIMIT 5
                    """), arguments: [eventID]
        ).map { Components.Schemas.Author(id: $0[0], name: $0[1]) }
    }

    /// Records whether `userID` is going and keeps the event's count and the host's feed in step:
    /// going adds an `rsvped` activity to the host's feed; cancelling removes it.
    func setRSVP(eventID: Int64, userID: Int64, going: Bool, now: Date) async throws -> Components.Schemas.Event {
        try await write { db in
            // Who goes is read once, after the change, for the answer.
            guard let event = try Self.event(id: eventID, viewerID: userID, withAttendees: false, in: db) else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            if !going, event.hostID == userID {
                throw APIError.invalidField("going", "The host of an event cannot cancel going to it.")
            }
            if going != event.isGoing {
                try Self.recordRSVP(event: event, userID: userID, going: going, now: now, in: db)
            }
            guard let updated = try Self.event(id: eventID, viewerID: userID, in: db) else {
                throw APIError.notFound("There is no event \(eventID).")
            }
            return updated
        }
    }

    private static func recordRSVP(
        event: Components.Schemas.Event, userID: Int64, going: Bool, now: Date, in db: Database
    ) throws {
        if going {
            try db.execute(
                sql: "INSERT INTO rsvps (event_id, user_id, responded_at) VALUES (?, ?, ?)",
                arguments: [event.id, userID, now.unixSeconds])
        } else {
            try db.execute(sql: "DELETE FROM rsvps WHERE event_id = ? AND user_id = ?", arguments: [event.id, userID])
        }
        try db.execute(
            sql: "UPDATE events SET attendee_count = max(attendee_count + ?, 0) WHERE id = ?",
            arguments: [going ? 1 : -1, event.id])
        try record(.event, of: event.id, subject: event.id, in: db)
        // The member's other devices see their answer.
        try record(.rsvp, of: event.id, subject: event.id, member: userID, in: db)
        guard event.hostID != userID else { return }
        // One "is going" per guest in the host's feed, the latest.
        let earlier = try Int64.fetchAll(
            db, sql: "SELECT id FROM activities WHERE user_id = ? AND kind = 'rsvped' AND event_id = ? AND actor_id = ?",
            arguments: [event.hostID, event.id, userID])
        for activityID in earlier {
            try db.execute(sql: "DELETE FROM activities WHERE id = ?", arguments: [activityID])
            try record(.activityDeleted, of: event.id, subject: activityID, member: event.hostID, in: db)
        }
        if going {
            try db.execute(
                sql: """
                    INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id) VALUES (?, 'rsvped', ?, ?, ?)
                    """, arguments: [event.hostID, now.unixSeconds, event.id, userID])
            try record(.activity, of: event.id, subject: db.lastInsertedRowID, member: event.hostID, in: db)
        }
    }

    /// Reads the columns by position, in ``eventColumns``' order: a lookup by name lowercases
    /// the name on every row and was a fifth of the database's share of a page. Who goes is
    /// read apart (``attendees(of:in:)``).
    static func event(from row: Row) -> Components.Schemas.Event {
        Components.Schemas.Event(
            id: row[0], title: row[1], summary: row[2], venue: row[3], timeZone: row[11],
            startsAt: Date(unixSeconds: row[4]), endsAt: Date(unixSeconds: row[5]),
            hostID: row[6], hostName: row[10], attendeeCount: row[7], attendees: [], commentCount: row[8], isGoing: row[9]
        )
    }

    static func keyset(of event: Components.Schemas.Event) -> Keyset {
        Keyset(kind: .events, seconds: event.startsAt.unixSeconds, id: event.id)
    }
}
