import AgoraMocks
import AgoraModels
import Foundation
import GRDB

/// Writes OSS mode's demo world (`MockData`) into an empty database, in one transaction.
///
/// Comments go in oldest first, a hundred rows per execution of one prepared statement, so the
/// table grows by appending; their page index is built once at the end. A million take seconds.
struct DemoSeeder {
    let data: MockData
    let passwords: PasswordHasher

    init(seed: DemoSeed, passwords: PasswordHasher) {
        data = MockData(referenceDate: seed.referenceDate, busiestEventCommentCount: seed.busiestEventComments)
        self.passwords = passwords
    }

    /// What was written.
    struct Summary: Sendable {
        var users = 0, events = 0, rsvps = 0, comments = 0, activities = 0
    }

    /// Seeds when the database has no account yet; `nil` when it already had data (a restart
    /// on the same file keeps what users did).
    func seedIfEmpty(_ database: any DatabaseWriter) async throws -> Summary? {
        guard try await database.read({ db in try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users)")! }) else {
            return nil
        }
        let hashes = await passwordHashes()
        let data = data
        return try await database.write { db in
            // Re-checked inside the write: another process may have seeded the file meanwhile.
            guard try !Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users)")! else { return nil }
            var summary = Summary()
            summary.users = try Self.insertUsers(data, hashes: hashes, in: db)
            summary.events = try Self.insertEvents(data, in: db)
            summary.rsvps = try Self.insertRSVPs(data, in: db)
            summary.comments = try Self.insertComments(data, in: db)
            summary.activities = try Self.insertActivities(data, in: db)
            return summary
        }
    }

    /// Every account's own hash of the demo password (own salt), computed in parallel.
    func passwordHashes() async -> [User.ID: String] {
        await withTaskGroup(of: (User.ID, String).self) { group in
            for user in data.users {
                group.addTask { [passwords] in (user.id, await passwords.hash(MockData.demoPassword)) }
            }
            var hashes: [User.ID: String] = [:]
            for await (id, hash) in group { hashes[id] = hash }
            return hashes
        }
    }

    private static func insertUsers(_ data: MockData, hashes: [User.ID: String], in db: Database) throws -> Int {
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO users (id, name, email, password_hash, two_factor) VALUES (?, ?, ?, ?, ?)
                """)
        for user in data.users {
            try statement.execute(arguments: [
                user.id, user.name, user.email.lowercased(), hashes[user.id], data.requiresTwoFactor(user),
            ])
        }
        return data.users.count
    }

    private static func insertEvents(_ data: MockData, in db: Database) throws -> Int {
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO events (id, title, summary, venue, time_zone, starts_at, ends_at, host_id, attendee_count, comment_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for event in data.events {
            try statement.execute(arguments: [
                event.id, event.title, event.summary, event.venue, event.timeZone, event.startsAt.unixSeconds, event.endsAt.unixSeconds,
                event.hostID, event.attendeeCount, event.commentCount,
            ])
        }
        return data.events.count
    }

    private static func insertRSVPs(_ data: MockData, in db: Database) throws -> Int {
        let statement = try db.makeStatement(sql: "INSERT INTO rsvps (event_id, user_id, responded_at) VALUES (?, ?, ?)")
        var count = 0
        for event in data.events {
            for user in data.users where data.attends(userID: user.id, eventID: event.id) {
                try statement.execute(arguments: [event.id, user.id, data.referenceDate.unixSeconds])
                count += 1
            }
        }
        return count
    }

    /// Rows per execution of the prepared comment insert: one statement step writes a batch,
    /// so the per-execution cost is paid 10,000 times for a million comments, not a million.
    static let commentBatchSize = 100

    private static func insertComments(_ data: MockData, in db: Database) throws -> Int {
        // Built after the rows, in one sort: inserting ascending times into this descending
        // index one by one would split its pages half-empty and take about a third longer.
        try db.execute(sql: "DROP INDEX \(ServerSchema.commentsPageIndex)")
        let batch = try db.makeStatement(sql: insertCommentsSQL(rows: commentBatchSize))
        var values: [DatabaseValue] = []
        values.reserveCapacity(commentBatchSize * 5)
        var count = 0
        for event in data.events {
            // Index 0 is the newest: insert from the oldest, so ids and times only grow.
            for index in (0..<data.commentCount(eventID: event.id)).reversed() {
                let comment = data.comment(eventID: event.id, index: index)
                values += [
                    comment.id.databaseValue, comment.eventID.databaseValue, comment.author.id.databaseValue,
                    comment.body.databaseValue, comment.createdAt.unixSeconds.databaseValue,
                ]
                count += 1
                if values.count == commentBatchSize * 5 {
                    batch.setUncheckedArguments(StatementArguments(values))
                    try batch.execute()
                    values.removeAll(keepingCapacity: true)
                }
            }
        }
        if !values.isEmpty {
            try db.makeStatement(sql: insertCommentsSQL(rows: values.count / 5)).execute(arguments: StatementArguments(values))
        }
        try db.execute(sql: ServerSchema.createCommentsPageIndex)
        return count
    }

    private static func insertCommentsSQL(rows: Int) -> String {
        "INSERT INTO comments (id, event_id, author_id, body, created_at) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    private static func insertActivities(_ data: MockData, in db: Database) throws -> Int {
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO activities (user_id, kind, occurred_at, event_id, actor_id, comment_id, excerpt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        var count = 0
        for user in data.users {
            // Oldest first, so the new ids order ties in time as OSS mode does (newest first).
            for activity in data.activities(for: user.id).reversed() {
                try statement.execute(arguments: [
                    user.id, activity.kind.rawValue, activity.occurredAt.unixSeconds, activity.eventID,
                    activity.actor?.id, activity.commentID, activity.excerpt,
                ])
                count += 1
            }
        }
        return count
    }
}
