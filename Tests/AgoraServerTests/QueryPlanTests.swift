import GRDB
import Testing

@testable import AgoraServer

/// Keyset pages must be index seeks: a page deep in a million comments then costs what the first
/// page costs. SQLite's own plan says whether that holds.
@Suite("Storage: every page query is an index seek with no sort")
struct QueryPlanTests {
    enum PageQuery: String, CaseIterable, Sendable {
        case firstPageOfComments, commentsAfterCursor, activitiesAfterCursor, eventsAfterCursor

        var sql: String {
            switch self {
            case .firstPageOfComments: SQLiteStore.commentsPageSQL(afterKeyset: false)
            case .commentsAfterCursor: SQLiteStore.commentsPageSQL(afterKeyset: true)
            case .activitiesAfterCursor: SQLiteStore.activitiesPageSQL(afterKeyset: true)
            case .eventsAfterCursor: "SELECT e.id FROM events e WHERE (e.starts_at, e.id) > (?, ?) ORDER BY e.starts_at, e.id LIMIT ?"
            }
        }

        var index: String {
            switch self {
            case .firstPageOfComments, .commentsAfterCursor: ServerSchema.commentsPageIndex
            case .activitiesAfterCursor: ServerSchema.activitiesPageIndex
            case .eventsAfterCursor: ServerSchema.eventsPageIndex
            }
        }
    }

    @Test("given the schema, when SQLite plans a page, then it searches the list's index and builds no temporary B-tree", arguments: PageQuery.allCases)
    func pageQueryUsesIndex(query: PageQuery) throws {
        let database = try ServerDatabase.open(path: nil)
        let placeholders = query.sql.filter { $0 == "?" }.count

        let plan = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: StatementArguments(Array(repeating: 1, count: placeholders)))
                .map { $0["detail"] as String }
        }

        #expect(plan.contains { $0.contains("SEARCH") && $0.contains("USING") && $0.contains("INDEX \(query.index)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }
}
