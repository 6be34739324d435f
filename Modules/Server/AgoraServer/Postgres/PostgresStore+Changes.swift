#if PostgreSQL
import AgoraContract
import Foundation
import Logging
import PostgresNIO

extension PostgresStore: ChangeNotifying {
    /// The key of the advisory lock a transaction takes before it records a change, and holds
    /// until it commits: changes get their ids in the order they commit, so a stream that has
    /// read up to an id never finds an earlier one committed later.
    private static let changesLock: Int64 = 0x4147_4f52_4348
    /// The channel a committed change is announced on (LISTEN/NOTIFY).
    private static let changesChannel = "agora_changes"

    /// Records `kind` of change to event `eventID` in the write's transaction, for everyone who
    /// follows the event or, with a `member`, for that member alone.
    static func record(
        _ kind: EventChange.Kind, of eventID: Int64, subject: Int64, member: Int64? = nil, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await recordChanges(
            """
            INSERT INTO event_changes (event_id, kind, subject_id, member_id) VALUES (\(eventID), \(kind.rawValue), \(subject), \(member))
            RETURNING id
            """, on: connection, logger: logger)
    }

    /// Records `kind` (``EventChange/Kind/activity`` or ``EventChange/Kind/activityDeleted``)
    /// for each entry of comment `commentID` in its member's feed, for that member alone.
    static func recordFeedChanges(_ kind: EventChange.Kind, ofComment commentID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        try await recordChanges(
            """
            INSERT INTO event_changes (event_id, kind, subject_id, member_id)
            SELECT event_id, \(kind.rawValue), id, user_id FROM activities WHERE comment_id = \(commentID) ORDER BY id
            RETURNING id
            """, on: connection, logger: logger)
    }

    /// Runs `insert`, which records changes and returns their ids, in turn with every other
    /// transaction that records one; announces them at commit, and, each time the ids pass a
    /// hundred, lets go of those past the latest ``EventChange/kept``.
    private static func recordChanges(_ insert: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(changesLock))", logger: logger)
        var ids: [Int64] = []
        for try await inserted in try await connection.query(insert, logger: logger).decode(Int64.self) { ids.append(inserted) }
        guard let last = ids.max(), let first = ids.min() else { return }
        // Delivered to every listening server when the transaction commits, not before.
        try await connection.query("SELECT pg_notify(\(changesChannel), '')", logger: logger)
        guard (first - 1) / 100 != last / 100, last > EventChange.kept else { return }
        try await connection.query("DELETE FROM event_changes WHERE id <= \(last - EventChange.kept)", logger: logger)
        try await connection.query("UPDATE event_changes_dropped SET up_to = greatest(up_to, \(last - EventChange.kept))", logger: logger)
    }

    /// Listens on a connection of its own, closed when the listening ends: the calling task
    /// was cancelled (which ends the notifications) or the connection failed.
    func listenForChanges(_ changed: @escaping @Sendable () -> Void) async throws {
        let connection = try await PostgresConnection.connect(configuration: try connectionConfiguration(), id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        try await connection.listen(on: Self.changesChannel) { notifications in
            // Listening from here on: a change announced while nobody listened (before the
            // first LISTEN, or while the database was away) is in the table, read now.
            changed()
            for try await _ in notifications { changed() }
        }
    }

    func latestChangeID() async throws -> Int64 {
        try await read { [logger] connection in
            for try await id in try await connection.query("SELECT coalesce(max(id), 0) FROM event_changes", logger: logger).decode(Int64.self) {
                return id
            }
            return 0
        }
    }

    func changes(after id: Int64, limit: Int) async throws -> [EventChange] {
        try await read { [logger] connection in
            let rows = try await connection.query(
                "SELECT id, event_id, kind, subject_id, member_id FROM event_changes WHERE id > \(id) ORDER BY id LIMIT \(limit)", logger: logger)
            return try await Self.changes(in: rows)
        }
    }

    func changes(of topic: ChangeTopic, after id: Int64, limit: Int) async throws -> EventChangeBacklog {
        try await read { [logger] connection in
            var dropped: Int64 = 0
            for try await upTo in try await connection.query("SELECT up_to FROM event_changes_dropped", logger: logger).decode(Int64.self) {
                dropped = upTo
            }
            let query: PostgresQuery =
                switch topic {
                case .event(let eventID):
                    """
                    SELECT id, event_id, kind, subject_id, member_id FROM event_changes
                    WHERE event_id = \(eventID) AND member_id IS NULL AND id > \(id) ORDER BY id LIMIT \(limit)
                    """
                case .member(let memberID):
                    """
                    SELECT id, event_id, kind, subject_id, member_id FROM event_changes
                    WHERE member_id = \(memberID) AND id > \(id) ORDER BY id LIMIT \(limit)
                    """
                }
            let rows = try await connection.query(query, logger: logger)
            return EventChangeBacklog(changes: try await Self.changes(in: rows), missedSome: id < dropped)
        }
    }

    func comment(id: Int64) async throws -> Components.Schemas.Comment? {
        try await read { [logger] connection in try await Self.comment(id: id, on: connection, logger: logger) }
    }

    /// The changes in `rows`, leaving out a kind this server does not know (a newer one wrote it).
    private static func changes(in rows: PostgresRowSequence) async throws -> [EventChange] {
        var changes: [EventChange] = []
        for try await (id, eventID, kind, subject, member) in rows.decode((Int64, Int64, String, Int64, Int64?).self) {
            if let kind = EventChange.Kind(rawValue: kind) {
                changes.append(EventChange(id: id, eventID: eventID, kind: kind, subjectID: subject, memberID: member))
            }
        }
        return changes
    }
}
#endif
