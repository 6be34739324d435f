import AgoraModels
import AgoraTestSupport
import Synchronization

/// The failure type of the paginator under test.
enum TestError: Error, Equatable {
    case boom
    case other
}

/// Answers pages of `Int` by cursor; its ``plan`` records every cursor asked for and can fail
/// or hold a request.
final class PageLoaderSpy: Sendable {
    let plan = RequestPlan<String?, TestError>()
    private let pages: Mutex<[String?: Page<Int>]>

    init(_ pages: [String?: Page<Int>]) {
        self.pages = Mutex(pages)
    }

    /// The cursors asked for, in order (`nil` for a first page).
    var requests: [String?] { plan.requests }

    /// Answers `cursor` with `page` from now on.
    func answer(_ cursor: String?, with page: Page<Int>) {
        pages.withLock { $0[cursor] = page }
    }

    func load(_ cursor: String?) async throws(TestError) -> Page<Int> {
        try await plan.enter(cursor)
        guard let page = pages.withLock({ $0[cursor] }) else { throw .other }
        return page
    }
}
