import AgoraContract
import Foundation
import GRDB

extension SQLiteStore {
    /// Records `kind` of change to event `eventID` in the write's transaction, for everyone who
    /// follows the event or, with a `member`, for that member alone.
    static func record(_ kind: EventChange.Kind, of eventID: Int64, subject: Int64, member: Int64? = nil, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO event_changes (event_id, kind, subject_id, member_id) VALUES (?, ?, ?, ?)",
            arguments: [eventID, kind.rawValue, subject, member])
        try letGoOfOldChanges(upTo: db.lastInsertedRowID, inserted: 1, in: db)
    }

    /// Records `kind` (``EventChange/Kind/activity`` or ``EventChange/Kind/activityDeleted``)
    /// for each entry of comment `commentID` in its member's feed, for that member alone.
    static func recordFeedChanges(_ kind: EventChange.Kind, ofComment commentID: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO event_changes (event_id, kind, subject_id, member_id)
                SELECT event_id, ?, id, user_id FROM activities WHERE comment_id = ? ORDER BY id
                """, arguments: [kind.rawValue, commentID])
        guard db.changesCount > 0 else { return }
        try letGoOfOldChanges(upTo: db.lastInsertedRowID, inserted: db.changesCount, in: db)
    }

    /// Each time the ids pass a hundred, lets go of the changes past the latest
    /// ``EventChange/kept``.
    private static func letGoOfOldChanges(upTo id: Int64, inserted: Int, in db: Database) throws {
        guard (id - Int64(inserted)) / 100 != id / 100, id > EventChange.kept else { return }
        try db.execute(sql: "DELETE FROM event_changes WHERE id <= ?", arguments: [id - EventChange.kept])
        try db.execute(sql: "UPDATE event_changes_dropped SET up_to = max(up_to, ?)", arguments: [id - EventChange.kept])
    }

    func latestChangeID() async throws -> Int64 {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM event_changes") ?? 0 }
    }

    func changes(after id: Int64, limit: Int) async throws -> [EventChange] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, event_id, kind, subject_id, member_id FROM event_changes WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [id, limit]
            ).compactMap(Self.change(from:))
        }
    }

    func changes(of topic: ChangeTopic, after id: Int64, limit: Int) async throws -> EventChangeBacklog {
        try await read { db in
            let dropped = try Int64.fetchOne(db, sql: "SELECT up_to FROM event_changes_dropped") ?? 0
            let (condition, subject): (String, Int64) =
                switch topic {
                case .event(let eventID): ("event_id = ? AND member_id IS NULL", eventID)
                case .member(let memberID): ("member_id = ?", memberID)
                }
            let changes = try Row.fetchAll(
                db, sql: "SELECT id, event_id, kind, subject_id, member_id FROM event_changes WHERE \(condition) AND id > ? ORDER BY id LIMIT ?",
                arguments: [subject, id, limit]
            ).compactMap(Self.change(from:))
            return EventChangeBacklog(changes: changes, missedSome: id < dropped)
        }
    }

    func comment(id: Int64) async throws -> Components.Schemas.Comment? {
        try await read { db in
            try Row.fetchOne(db, sql: Self.commentColumns + "\nWHERE c.id = ?", arguments: [id]).map(Self.comment(from:))
        }
    }

    /// A change from its row; `nil` for a kind this server does not know (a newer one wrote it).
    private static func change(from row: Row) -> EventChange? {
        EventChange.Kind(rawValue: row["kind"]).map {
            EventChange(id: row["id"], eventID: row["event_id"], kind: $0, subjectID: row["subject_id"], memberID: row["member_id"])
        }
    }
}
