import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// Asks the API for template items and keeps what it gets in the cache.
public protocol TemplateItemsFetchable: Sendable {
    /// Fetches the page after `cursor` (`nil`: the first page, which replaces the cached list).
    /// A fetch cancelled meanwhile (a refresh replaced it) leaves the cache alone.
    func fetchTemplateItems(after cursor: String?) async throws(ServiceError) -> Page<TemplateItem>
}

/// Follows template items in the cache, with no request: what the screen
/// shows at once, and again whenever the cache changes underneath it.
public protocol TemplateItemsLoadable: Sendable {
    /// The cached template items (empty when nothing was fetched yet), for the list screen to
    /// follow: it changes with each page and with each change to one of them.
    func cachedTemplateItems() -> CachedList<TemplateItem>
}
