import AgoraArchitecture
import AgoraModels
import Synchronization

/// A cached list of `Int` that tells its observer of every write synchronously, on the main
/// actor: a ``CachedPagedList`` test sees exactly when the cache changed, with no delivery task
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
