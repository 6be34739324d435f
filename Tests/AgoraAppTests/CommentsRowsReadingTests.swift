import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraSQLiteCache
import AgoraTestSupport
import Comments
import Synchronization
import Testing

/// A view may index a published list freely: the rows it reads are values, made before they were
/// published, never a database read on the caller's thread.
@MainActor
@Suite("Comments rows over the SQLite cache: reading a row reads no database")
struct CommentsRowsReadingTests {
    @Test("given three pages of comments shown from the SQLite cache, when every published row is read, then no statement runs")
    func readingRowsRunsNoStatement() async throws {
        let database = try CacheDatabase(location: .inMemory)
        let useCase = CommentsUseCase(
            service: MockCommentsService(mock: MockService(data: .test, now: { AgoraEnvironment.testReferenceDate })),
            cache: SQLiteListCache<AgoraModels.Comment>(database: database, kind: "comments"),
            events: SQLiteListCache<Event>(database: database, kind: "event"),
            outbox: InMemoryOutbox<OutgoingComment>()
        )
        let viewModel = CommentsViewModel(
            eventID: 1,
            dependency: .init(
                fetcher: useCase, loader: useCase, poster: useCase, queue: useCase, sessions: .test(), environment: .test()
            )
        )
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        for _ in 0..<2 {
            let shown = viewModel.outputs.rows.value.totalCount
            viewModel.inputs.willDisplayRow(shown - 1, outOf: shown)
            await viewModel.work.waitUntilIdle()
        }
        let statements = Mutex<[String]>([])
        database.traceStatements { statement in statements.withLock { $0.append(statement) } }

        let rows = viewModel.outputs.rows.value
        let bodies = rows.indices.map { rows[$0].body }

        #expect(rows.totalCount == 60 && rows.indices == 0..<60, "three pages, all held")
        #expect(bodies.allSatisfy { !$0.isEmpty })
        #expect(statements.withLock { $0 }.isEmpty, "reading rows ran \(statements.withLock { $0 })")
    }
}
