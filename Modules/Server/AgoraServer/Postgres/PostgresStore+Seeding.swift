#if PostgreSQL
import AgoraMocks
import AgoraModels
import Foundation
import PostgresNIO

extension PostgresStore {
    /// The key of the advisory lock seeding holds, so servers that start together seed once.
    static let seedingLock: Int64 = 0x4147_4f52_4132

    /// Rows per insert: each table goes in as columns of arrays (`unnest`), a batch at a time.
    static let seedBatchSize = 10_000

    func seedIfEmpty(_ seeder: DemoSeeder) async throws -> DemoSeeder.Summary? {
        guard try await !hasAccounts() else { return nil }
        let hashes = await seeder.passwordHashes()
        let data = seeder.data
        // Seeding a million comments takes longer than a request may wait.
        return try await client.withTransaction(logger: logger) { [logger] connection -> DemoSeeder.Summary? in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.seedingLock))", logger: logger)
            // Re-checked under the lock: another server may have seeded meanwhile.
            let rows = try await connection.query("SELECT EXISTS (SELECT 1 FROM users)", logger: logger)
            for try await seeded in rows.decode(Bool.self) where seeded { return nil }
            let seeding = PostgresSeeding(connection: connection, logger: logger)
            var summary = DemoSeeder.Summary()
            summary.users = try await seeding.insertUsers(data, hashes: hashes)
            summary.events = try await seeding.insertEvents(data)
            summary.rsvps = try await seeding.insertRSVPs(data)
            summary.comments = try await seeding.insertComments(data)
            summary.activities = try await seeding.insertActivities(data)
            for table in ["users", "events", "comments", "activities"] {
                // Rows were given their ids: new rows continue after the largest.
                try await connection.query(
                    "SELECT setval(pg_get_serial_sequence('\(unescaped: table)', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM \(unescaped: table)), false)",
                    logger: logger)
            }
            try await connection.query("UPDATE store_generation SET value = value + 1", logger: logger)
            return summary
        }
    }

    /// Asked at start-up, so within the start-up deadline.
    private func hasAccounts() async throws -> Bool {
        try await read(within: startupDeadline) { [logger] connection in
            for try await exists in try await connection.query("SELECT EXISTS (SELECT 1 FROM users)", logger: logger).decode(Bool.self) {
                return exists
            }
            return false
        }
    }
}

/// The demo data's inserts into PostgreSQL, on one connection in the seeding transaction.
private struct PostgresSeeding {
    let connection: PostgresConnection
    let logger: Logger

    func insertUsers(_ data: MockData, hashes: [User.ID: String]) async throws -> Int {
        let users = data.users
        try await connection.query(
            """
            INSERT INTO users (id, name, email, password_hash, two_factor)
            SELECT * FROM unnest(\(users.map { Int64($0.id) }), \(users.map(\.name)), \(users.map { $0.email.lowercased() }),
                                 \(users.map { hashes[$0.id] ?? "" }), \(users.map { data.requiresTwoFactor($0) }))
            """, logger: logger)
        return users.count
    }

    func insertEvents(_ data: MockData) async throws -> Int {
        let events = data.events
        try await connection.query(
            """
            INSERT INTO events (id, title, summary, venue, time_zone, starts_at, ends_at, host_id, attendee_count, comment_count)
            SELECT id, title, summary, venue, NULLIF(time_zone, ''), starts_at, ends_at, host_id, attendee_count, comment_count
            FROM unnest(\(events.map { Int64($0.id) }), \(events.map(\.title)), \(events.map(\.summary)), \(events.map(\.venue)),
                        \(events.map { $0.timeZone ?? "" }), \(events.map(\.startsAt.unixSeconds)), \(events.map(\.endsAt.unixSeconds)),
                        \(events.map { Int64($0.hostID) }), \(events.map { Int64($0.attendeeCount) }), \(events.map { Int64($0.commentCount) }))
                 AS e(id, title, summary, venue, time_zone, starts_at, ends_at, host_id, attendee_count, comment_count)
            """, logger: logger)
        return events.count
    }

    func insertRSVPs(_ data: MockData) async throws -> Int {
        var eventIDs: [Int64] = []
        var userIDs: [Int64] = []
        for event in data.events {
            for user in data.users where data.attends(userID: user.id, eventID: event.id) {
                eventIDs.append(Int64(event.id))
                userIDs.append(Int64(user.id))
            }
        }
        try await connection.query(
            """
            INSERT INTO rsvps (event_id, user_id, responded_at)
            SELECT e, u, \(data.referenceDate.unixSeconds) FROM unnest(\(eventIDs), \(userIDs)) AS r(e, u)
            """, logger: logger)
        return eventIDs.count
    }

    func insertComments(_ data: MockData) async throws -> Int {
        var batch = CommentColumns()
        var count = 0
        for event in data.events {
            // Index 0 is the newest: insert from the oldest, so ids and times only grow.
            for index in (0..<data.commentCount(eventID: event.id)).reversed() {
                batch.append(data.comment(eventID: event.id, index: index))
                count += 1
                if batch.ids.count == PostgresStore.seedBatchSize {
                    try await insert(batch)
                    batch = CommentColumns()
                }
            }
        }
        if !batch.ids.isEmpty { try await insert(batch) }
        return count
    }

    /// A batch of comments as one array per column.
    private struct CommentColumns {
        var ids: [Int64] = [], eventIDs: [Int64] = [], authorIDs: [Int64] = [], bodies: [String] = [], createdAt: [Int64] = []

        mutating func append(_ comment: Comment) {
            ids.append(Int64(comment.id))
            eventIDs.append(Int64(comment.eventID))
            authorIDs.append(Int64(comment.author.id))
            bodies.append(comment.body)
            createdAt.append(comment.createdAt.unixSeconds)
        }
    }

    private func insert(_ batch: CommentColumns) async throws {
        try await connection.query(
            """
            INSERT INTO comments (id, event_id, author_id, body, created_at)
            SELECT * FROM unnest(\(batch.ids), \(batch.eventIDs), \(batch.authorIDs), \(batch.bodies), \(batch.createdAt))
            """, logger: logger)
    }

    func insertActivities(_ data: MockData) async throws -> Int {
        // Arrays cannot hold NULL here: 0 stands for no actor or comment (ids start at 1), and
        // a flag says whether there is an excerpt.
        var userIDs: [Int64] = []
        var kinds: [String] = []
        var occurredAt: [Int64] = []
        var eventIDs: [Int64] = []
        var actorIDs: [Int64] = []
        var commentIDs: [Int64] = []
        var excerpts: [String] = []
        var hasExcerpt: [Bool] = []
        for user in data.users {
            // Oldest first, so the new ids order ties in time as OSS mode does (newest first).
            for activity in data.activities(for: user.id).reversed() {
                userIDs.append(Int64(user.id))
                kinds.append(activity.kind.rawValue)
                occurredAt.append(activity.occurredAt.unixSeconds)
                eventIDs.append(Int64(activity.eventID))
                actorIDs.append(Int64(activity.actor?.id ?? 0))
                commentIDs.append(Int64(activity.commentID ?? 0))
                excerpts.append(activity.excerpt ?? "")
                hasExcerpt.append(activity.excerpt != nil)
            }
        }
        try await connection.query(
            """
            INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id, comment_id, excerpt)
            SELECT u, k, o, e, NULLIF(a, 0), NULLIF(c, 0), CASE WHEN h THEN x END
            FROM unnest(\(userIDs), \(kinds), \(occurredAt), \(eventIDs), \(actorIDs), \(commentIDs), \(excerpts), \(hasExcerpt))
                 WITH ORDINALITY AS t(u, k, o, e, a, c, x, h, n)
            ORDER BY n
            """, logger: logger)
        return userIDs.count
    }
}
#endif
