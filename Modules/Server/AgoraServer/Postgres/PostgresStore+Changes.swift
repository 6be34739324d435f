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

    /// Records `kind` of change to event `eventID` in the write's transaction; every hundredth
    /// change lets go of those past the latest ``EventChange/kept``.
    static func record(_ kind: EventChange.Kind, of eventID: Int64, subject: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(changesLock))", logger: logger)
        let rows = try await connection.query(
            "INSERT INTO event_changes (event_id, kind, subject_id) VALUES (\(eventID), \(kind.rawValue), \(subject)) RETURNING id", logger: logger)
        var id: Int64 = 0
        for try await inserted in rows.decode(Int64.self) { id = inserted }
        // Delivered to every listening server when the transaction commits, not before.
        try await connection.query("SELECT pg_notify(\(changesChannel), '')", logger: logger)
        guard id.isMultiple(of: 100), id > EventChange.kept else { return }
        try await connection.query("DELETE FROM event_changes WHERE id <= \(id - EventChange.kept)", logger: logger)
        try await connection.query("UPDATE event_changes_dropped SET up_to = greatest(up_to, \(id - EventChange.kept))", logger: logger)
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
                "SELECT id, event_id, kind, subject_id FROM event_changes WHERE id > \(id) ORDER BY id LIMIT \(limit)", logger: logger)
            return try await Self.changes(in: rows)
        }
    }

    func changes(of eventID: Int64, after id: Int64, limit: Int) async throws -> EventChangeBacklog {
        try await read { [logger] connection in
            var dropped: Int64 = 0
            for try await upTo in try await connection.query("SELECT up_to FROM event_changes_dropped", logger: logger).decode(Int64.self) {
                dropped = upTo
            }
            let rows = try await connection.query(
                "SELECT id, event_id, kind, subject_id FROM event_changes WHERE event_id = \(eventID) AND id > \(id) ORDER BY id LIMIT \(limit)",
                logger: logger)
            return EventChangeBacklog(changes: try await Self.changes(in: rows), missedSome: id < dropped)
        }
    }

    func comment(id: Int64) async throws -> Components.Schemas.Comment? {
        try await read { [logger] connection in try await Self.comment(id: id, on: connection, logger: logger) }
    }

    /// The changes in `rows`, leaving out a kind this server does not know (a newer one wrote it).
    private static func changes(in rows: PostgresRowSequence) async throws -> [EventChange] {
        var changes: [EventChange] = []
        for try await (id, eventID, kind, subject) in rows.decode((Int64, Int64, String, Int64).self) {
            if let kind = EventChange.Kind(rawValue: kind) { changes.append(EventChange(id: id, eventID: eventID, kind: kind, subjectID: subject)) }
        }
        return changes
    }
}
#endif
