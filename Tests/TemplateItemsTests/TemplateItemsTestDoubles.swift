import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import TemplateItems
import Testing

/// A fetcher that answers the requests a test expects from the fixtures, as OSS mode does, and
/// keeps what it fetched in `cache`, as the UseCase does; its ``plan`` records every request (a
/// page's cursor) and can fail or hold one.
///
/// A request the test did not expect fails the test, naming it. A feature that grows a request
/// (one item, a vote) adds its case to ``Request`` and checks it the same way.
final class TemplateItemsFetcherSpy: TemplateItemsFetchable {
    /// What a test expects the ViewModel under test to ask for.
    enum Request: Hashable, Sendable {
        /// Pages of template items (`fetchTemplateItems(after:)`): the list.
        case templateItemsPages
    }

    let data: MockData
    let cache: InMemoryListCache<TemplateItem>
    let plan = RequestPlan<String?, ServiceError>()
    private let expected: ExpectedRequests<Request>

    /// - Parameters:
    ///   - expected: the requests it answers; any other fails the test at `sourceLocation`.
    ///   - data: the fixtures it answers from.
    ///   - cache: the cache it writes; give the loader the same one, as the app gives both sides
    ///     one UseCase, or no fetched row ever shows.
    init(
        expecting expected: Set<Request>, data: MockData = .test, cache: InMemoryListCache<TemplateItem>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.data = data
        self.cache = cache
        self.expected = ExpectedRequests(expected, of: "TemplateItemsFetcherSpy", sourceLocation: sourceLocation)
    }

    /// The template items OSS mode shows on `data`, in list order.
    static func fixtures(_ data: MockData = .test) -> [TemplateItem] {
        data.templateItems
    }

    /// The cursors asked for, in order: `nil` for a first page.
    var requestedCursors: [String?] { plan.requests }

    func fetchTemplateItems(after cursor: String?) async throws(ServiceError) -> Page<TemplateItem> {
        try expected.check(.templateItemsPages, "fetchTemplateItems(after:)")
        try await plan.enter(cursor)
        let page = try data.templateItemsPage(TemplateItemsRequest(cursor: cursor))
        guard !Task.isCancelled else { return page }
        if cursor == nil {
            await cache.replace("template-items", with: page.items)
        } else {
            await cache.append(page.items, to: "template-items")
        }
        return page
    }
}

/// A loader over a cache the test fills and the fetcher writes, which follows only what the
/// test expects.
struct TemplateItemsCacheLoader: TemplateItemsLoadable {
    /// What a test expects the ViewModel under test to follow.
    enum Request: Hashable, Sendable {
        /// The list of template items (`cachedTemplateItems()`).
        case templateItems
    }

    let cache: InMemoryListCache<TemplateItem>
    private let expected: ExpectedRequests<Request>

    /// - Parameters:
    ///   - expected: what it follows; anything else fails the test at `sourceLocation`, and
    ///     follows an empty list.
    ///   - cache: what it follows.
    init(expecting expected: Set<Request>, cache: InMemoryListCache<TemplateItem>, sourceLocation: SourceLocation = #_sourceLocation) {
        self.cache = cache
        self.expected = ExpectedRequests(expected, of: "TemplateItemsCacheLoader", sourceLocation: sourceLocation)
    }

    func cachedTemplateItems() -> CachedList<TemplateItem> {
        cache.cachedList(expected.allows(.templateItems, "cachedTemplateItems()") ? "template-items" : "unexpected")
    }
}
