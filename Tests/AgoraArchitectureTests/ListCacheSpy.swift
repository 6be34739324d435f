import AgoraArchitecture
import AgoraModels
import Synchronization

/// A cached list of `Int` that tells its observer of every write synchronously, on the main
/// actor: a ``PagedList`` test sees exactly when the cache changed, with no delivery task
/// in between. Pages loaded through ``loadPage(_:from:)`` are written to it as a UseCase writes
/// them: a first page replaces the list, a later one is appended.
@MainActor
final class ListCacheSpy {
    private(set) var items: [Int]
    private var onChange: (@MainActor @Sendable ([Int]) -> Void)?
    /// How many subscriptions were cancelled; read from the subscription's any-thread callback.
    let cancellations = Atomic<Int>(0)
    /// How many times the list was observed.
    private(set) var observeCount = 0

    init(_ items: [Int] = []) {
        self.items = items
    }

    /// Follows the list: `onChange` gets it now, then after every write, until cancelled.
    func observe(_ onChange: @escaping @MainActor @Sendable ([Int]) -> Void) -> Subscription {
        observeCount += 1
        self.onChange = onChange
        onChange(items)
        return Subscription { self.cancellations.add(1, ordering: .relaxed) }
    }

    /// Whether a subscription was cancelled.
    nonisolated var isCancelled: Bool { cancellations.load(ordering: .relaxed) > 0 }

    /// Writes the list (another screen's change, or a page); the observer sees it before this
    /// returns, even after its subscription was cancelled, as a delivery already on its way
    /// would (``isCancelled`` says whether it was).
    func write(_ items: [Int]) {
        self.items = items
        onChange?(items)
    }

    /// Loads a page with `loader` and writes it here, as a UseCase's fetch does (a cancelled
    /// fetch writes nothing).
    nonisolated func loadPage(_ cursor: String?, from loader: PageLoaderSpy) async throws(TestError) -> Page<Int> {
        let page = try await loader.load(cursor)
        guard !Task.isCancelled else { return page }
        await write(page, isFirst: cursor == nil)
        return page
    }

    private func write(_ page: Page<Int>, isFirst: Bool) {
        write(isFirst ? page.items : items + page.items)
    }
}

/// A ``PagedList`` of `Int` rows (each row its item) over a ``ListCacheSpy``, started the way a
/// ViewModel starts its list: the tests drive the list through it.
@MainActor
struct SpyPagedList {
    let list: PagedList<Int, Int, TestError>
    let cache: ListCacheSpy
    let loader: PageLoaderSpy

    init(work: WorkTracker, cache: ListCacheSpy, loader: PageLoaderSpy, showsCacheFirst: Bool = true, windowSize: Int = 1_000) {
        list = PagedList(work: work, showsCacheFirst: showsCacheFirst, windowSize: windowSize) { $0 }
        self.cache = cache
        self.loader = loader
    }

    var rows: Output<ListRows<Int>> { list.rows }
    var isLoading: Output<Bool> { list.isLoading }
    var hasMorePages: Output<Bool> { list.hasMorePages }
    var isEmpty: Output<Bool> { list.isEmpty }
    var errors: Signal<TestError> { list.errors }
    var firstPageLoaded: Signal<Void> { list.firstPageLoaded }
    var refreshFoundNoChange: Signal<Void> { list.refreshFoundNoChange }

    /// Follows the spy's list, its pages loaded by the loader and written to the spy.
    func start(preparing prepare: @escaping @MainActor () async -> Void = {}) {
        let cache = self.cache
        let loader = self.loader
        list.start(
            following: CachedList { onChange in await cache.observe(onChange) },
            loadPage: { cursor throws(TestError) in try await cache.loadPage(cursor, from: loader) },
            preparing: prepare
        )
    }

    func refresh() { list.refresh() }
    func willDisplayRow(_ row: Int, outOf total: Int) { list.willDisplayRow(row, outOf: total) }
    func beginChange() -> ListChange { list.beginChange() }
    func stop() { list.stop() }
}
