import AgoraModels

/// Cursor pagination for a list screen (Kickstarter's `paginate`, as an object): which page
/// comes next, not the items.
///
/// ``requestFirstPage()`` loads page one (and is how a refresh starts: it cancels a page in
/// flight, and a superseded page's answer is dropped even when its loader ignores the cancel).
/// ``requestNextPage()`` continues from the cursor of the last page; it does nothing while a
/// page is loading, before the first page, or once the list is exhausted: after an empty page or
/// a page without a next cursor. Failures are values of ``errors``; the place in the list stays.
///
/// The items are not kept here: each page's loader stores them where the list reads them (the
/// cache ``PagedList`` follows), so a long list is held once.
///
/// Work runs in the owner's ``WorkTracker``, so awaiting the ViewModel's work awaits the page.
@MainActor
public final class Paginator<Item: Sendable, Failure: Error> {
    /// Loads the page after `cursor` (`nil`: the first page).
    public typealias LoadPage = @Sendable (_ cursor: String?) async throws(Failure) -> Page<Item>

    /// Whether a page is being loaded.
    public var isLoading: Output<Bool> { isLoadingSource.output }
    /// How many pages the current list holds (a first page, a refresh too, sets it to 1).
    public var pageCount: Output<Int> { pageCountSource.output }
    /// Whether a page after the loaded ones can be requested: false before the first page and
    /// once the list is exhausted.
    public var hasMorePages: Output<Bool> { hasMorePagesSource.output }
    /// Each failed page load.
    public var errors: Signal<Failure> { errorsSource.signal }

    /// How close to the end of the list a displayed row asks for the next page.
    public static var prefetchDistance: Int { 3 }

    private let isLoadingSource = OutputSource(false)
    private let pageCountSource = OutputSource(0)
    private let hasMorePagesSource = OutputSource(false)
    private let errorsSource = SignalSource<Failure>()

    private let work: WorkTracker
    private var loadPage: LoadPage
    private var cursor: String?
    /// The last page loaded was empty or had no next cursor.
    private var isExhausted = false
    private var inFlight: Task<Void, Never>?
    /// Bumped by every first-page request, so the answer of a superseded request is dropped even
    /// when the loader ignores cancellation.
    private var generation = 0

    /// - Parameters:
    ///   - work: the owner's tracker; page loads run in it.
    ///   - loadPage: fetches one page (and stores its items where the list reads them).
    public init(work: WorkTracker, loadPage: @escaping LoadPage) {
        self.work = work
        self.loadPage = loadPage
    }

    /// Forgets the pages loaded: nothing is loading, no page is loaded, and the answer of a page
    /// in flight is dropped. The next pages come from `loadPage` when given.
    public func reset(loadPage: LoadPage? = nil) {
        inFlight?.cancel()
        inFlight = nil
        generation += 1
        cursor = nil
        isExhausted = false
        if let loadPage { self.loadPage = loadPage }
        pageCountSource.sendIfChanged(0)
        hasMorePagesSource.sendIfChanged(false)
        isLoadingSource.sendIfChanged(false)
    }

    /// Loads the first page, cancelling any page in flight.
    public func requestFirstPage() {
        inFlight?.cancel()
        generation += 1
        load(cursor: nil, isFirstPage: true)
    }

    /// A row came into view: near the end of the list, the next page is requested.
    public func willDisplayRow(_ row: Int, outOf total: Int) {
        guard row >= total - Self.prefetchDistance else { return }
        requestNextPage()
    }

    /// Loads the page after the last one, if there is one and nothing is loading.
    public func requestNextPage() {
        guard inFlight == nil, pageCountSource.value > 0, !isExhausted, let cursor else { return }
        load(cursor: cursor, isFirstPage: false)
    }

    private func load(cursor: String?, isFirstPage: Bool) {
        let requestGeneration = generation
        let loadPage = self.loadPage
        isLoadingSource.sendIfChanged(true)
        inFlight = work.start { [weak self] in
            let result = await Result<Page<Item>, Failure> { () async throws(Failure) in
                try await loadPage(cursor)
            }
            self?.finish(result, generation: requestGeneration, isFirstPage: isFirstPage)
        }
    }

    private func finish(_ result: Result<Page<Item>, Failure>, generation requestGeneration: Int, isFirstPage: Bool) {
        guard requestGeneration == generation else { return }
        inFlight = nil
        // Cancelled (the user stopped the work): the answer is dropped and the place
        // stays as it was, so a next request starts from the same cursor.
        if Task.isCancelled {
            isLoadingSource.sendIfChanged(false)
            return
        }
        switch result {
        case .success(let page):
            // Everything before loading ends: an observer of isLoading reads the page's state.
            cursor = page.nextCursor
            isExhausted = page.items.isEmpty || page.nextCursor == nil
            pageCountSource.send(isFirstPage ? 1 : pageCountSource.value + 1)
            hasMorePagesSource.sendIfChanged(!isExhausted)
        case .failure(let error):
            errorsSource.send(error)
        }
        isLoadingSource.sendIfChanged(false)
    }
}
