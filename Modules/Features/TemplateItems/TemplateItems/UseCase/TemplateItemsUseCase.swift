import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// The UseCase of TemplateItems: its service for fresh data, the cache for what was seen before.
public struct TemplateItemsUseCase: TemplateItemsFetchable, TemplateItemsLoadable {
    /// The cache's name for the list.
    static let list = "template-items"

    private let service: any TemplateItemsService
    private let cache: any ListCache<TemplateItem>

    public init(service: any TemplateItemsService, cache: any ListCache<TemplateItem>) {
        self.service = service
        self.cache = cache
    }

    public func fetchTemplateItems(after cursor: String?) async throws(ServiceError) -> Page<TemplateItem> {
        let page = try await service.fetchTemplateItems(TemplateItemsRequest(cursor: cursor))
        // Replaced by a newer request (a refresh) or stopped by the user: the page is dropped,
        // so it must not reach the list either.
        guard !Task.isCancelled else { return page }
        if cursor == nil {
            await cache.replace(Self.list, with: page.items)
        } else {
            await cache.append(page.items, to: Self.list)
        }
        return page
    }

    /// The template items as the list follows them, a window at a time; a change made
    /// elsewhere shows by the time its write returns.
    public func cachedTemplateItems() -> CachedList<TemplateItem> {
        cache.cachedList(Self.list)
    }
}
