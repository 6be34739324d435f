import GRDB

/// The cache's tables, created and changed by numbered migrations (a new version of Agora adds
/// one; it never edits an old one).
///
/// - `cachedItem`: every item by kind ("event") and id, as JSON.
/// - `listMembership`: which items a named list holds, in order.
/// - `outboxEntry`: what waits to be sent, per outbox, in insertion order.
/// - `cacheRevision`: one number every cache write increases; observations read it, so a writer
///   can tell when each observer has seen its write.
/// - `cachedItem.revision` (v2): the revision of the write that last changed the item, so a list
///   observation tells which rows changed from small stamps, without reading every item's JSON.
/// - v3, so that following a long list costs what changed, not the list: `listMembership.revision`
///   (the write that put the row in its list), `cachedList.generation` (increased by every write
///   that takes rows out of a list or renumbers it, when an observer reads the list again whole)
///   and indexes to find a list's rows and items changed after a revision.
///
/// No table has a foreign key, so each migration runs with immediate checks: GRDB's deferred
/// checks would look through the whole schema after every migration, on every start.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", foreignKeyChecks: .immediate) { db in
            try db.create(table: "cacheRevision") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("value", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO cacheRevision (id, value) VALUES (1, 0)")
            try db.create(table: "cachedItem") { table in
                table.column("kind", .text).notNull()
                table.column("id", .text).notNull()
                table.column("json", .blob).notNull()
                table.primaryKey(["kind", "id"])
            }
            try db.create(table: "listMembership") { table in
                table.column("kind", .text).notNull()
                table.column("list", .text).notNull()
                table.column("itemID", .text).notNull()
                table.column("position", .integer).notNull()
                table.primaryKey(["kind", "list", "itemID"])
            }
            try db.create(index: "listMembershipByPosition", on: "listMembership", columns: ["kind", "list", "position"])
            try db.create(index: "listMembershipByItem", on: "listMembership", columns: ["kind", "itemID"])
            try db.create(table: "outboxEntry") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("outbox", .text).notNull()
                table.column("id", .text).notNull()
                table.column("json", .blob).notNull()
                table.uniqueKey(["outbox", "id"])
            }
        }
        migrator.registerMigration("v2", foreignKeyChecks: .immediate) { db in
            try db.alter(table: "cachedItem") { table in
                table.add(column: "revision", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v3", foreignKeyChecks: .immediate) { db in
            try db.alter(table: "listMembership") { table in
                table.add(column: "revision", .integer).notNull().defaults(to: 0)
            }
            try db.create(index: "listMembershipByRevision", on: "listMembership", columns: ["kind", "list", "revision"])
            try db.create(index: "cachedItemByRevision", on: "cachedItem", columns: ["kind", "revision"])
            try db.create(table: "cachedList") { table in
                table.column("kind", .text).notNull()
                table.column("list", .text).notNull()
                table.column("generation", .integer).notNull()
                table.primaryKey(["kind", "list"])
            }
        }
        return migrator
    }

    /// The revision as of now.
    static func revision(_ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT value FROM cacheRevision WHERE id = 1")) ?? 0
    }

    /// Increases the revision, in the write that changed the cache, and returns the new one.
    static func nextRevision(_ db: Database) throws -> Int {
        try db.cachedStatement(sql: "UPDATE cacheRevision SET value = value + 1 WHERE id = 1").execute()
        return try revision(db)
    }
}
