import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import TemplateItems

/// A fetcher that answers from the fixtures, as OSS mode does, and keeps what it fetched in
/// `cache`, as the UseCase does; its ``plan`` records every request (a page's cursor) and can
/// fail or hold one.
final class TemplateItemsFetcherSpy: TemplateItemsFetchable {
    let data: MockData
    let cache: InMemoryListCache<TemplateItem>
    let plan = RequestPlan<String?, ServiceError>()

    /// - Parameter cache: the cache it writes; give the loader the same one, as the app
    ///   gives both sides one UseCase, or no fetched row ever shows.
    init(data: MockData = .test, cache: InMemoryListCache<TemplateItem>) {
        self.data = data
        self.cache = cache
    }

    /// The template items OSS mode shows on `data`, in list order.
    static func fixtures(_ data: MockData = .test) -> [TemplateItem] {
        data.templateItems
    }

    /// The cursors asked for, in order: `nil` for a first page.
    var requestedCursors: [String?] { plan.requests }

    func fetchTemplateItems(after cursor: String?) async throws(ServiceError) -> Page<TemplateItem> {
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

/// A loader over a cache the test fills and the fetcher writes.
struct TemplateItemsCacheLoader: TemplateItemsLoadable {
    let cache: InMemoryListCache<TemplateItem>

    func cachedTemplateItems() -> CachedList<TemplateItem> {
        let cache = self.cache
        return CachedList { onChange in await cache.observe("template-items", onChange: onChange) }
    }
}
