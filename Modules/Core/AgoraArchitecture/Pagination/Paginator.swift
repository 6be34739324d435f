import AgoraModels

/// Cursor pagination for a list screen (Kickstarter's `paginate`, as an object).
///
/// ``requestFirstPage()`` loads page one (and is how a refresh starts: it cancels a page in
/// flight and replaces the values when it arrives). ``requestNextPage()`` continues from the
/// cursor of the last page; it does nothing while a page is loading, before the first page, or
/// once the list is exhausted: after an empty page or a page without a next cursor.
/// Failures are values of ``errors``; the values loaded so far stay.
///
/// Work runs in the owner's ``WorkTracker``, so awaiting the ViewModel's work awaits the page.
@MainActor
public final class Paginator<Item: Sendable, Failure: Error> {
    /// Loads the page after `cursor` (`nil`: the first page).
    public typealias LoadPage = @Sendable (_ cursor: String?) async throws(Failure) -> Page<Item>

    /// Every item loaded so far, in list order.
    public var values: Output<[Item]> { valuesSource.output }
    /// Whether a page is being loaded.
    public var isLoading: Output<Bool> { isLoadingSource.output }
    /// How many pages the current list holds.
    public var pageCount: Output<Int> { pageCountSource.output }
    /// Whether the last page has been loaded.
    public var isExhausted: Output<Bool> { isExhaustedSource.output }
    /// Whether a page after the loaded ones can be requested.
    public var hasMorePages: Output<Bool> { hasMorePagesSource.output }
    /// Whether the list was loaded and has nothing in it (the empty state).
    public var isEmpty: Output<Bool> { isEmptySource.output }
    /// Each failed page load.
    public var errors: Signal<Failure> { errorsSource.signal }

    /// How close to the end of the list a displayed row asks for the next page.
    public static var prefetchDistance: Int { 3 }

    private let valuesSource = OutputSource<[Item]>([])
    private let isLoadingSource = OutputSource(false)
    private let pageCountSource = OutputSource(0)
    private let isExhaustedSource = OutputSource(false)
    private let hasMorePagesSource = OutputSource(false)
    private let isEmptySource = OutputSource(false)
    private let errorsSource = SignalSource<Failure>()

    private let work: WorkTracker
    private let loadPage: LoadPage
    private let concat: ([Item], [Item]) -> [Item]
    private var cursor: String?
    private var inFlight: Task<Void, Never>?
    /// Bumped by every first-page request, so the answer of a superseded request is dropped even
    /// when the loader ignores cancellation.
    private var generation = 0

    /// - Parameters:
    ///   - work: the owner's tracker; page loads run in it.
    ///   - concat: how a further page joins the list (Kickstarter's `concater`), e.g. to drop
    ///     items already shown. Appends by default.
    ///   - loadPage: fetches one page.
    public init(
        work: WorkTracker,
        concat: @escaping ([Item], [Item]) -> [Item] = { $0 + $1 },
        loadPage: @escaping LoadPage
    ) {
        self.work = work
        self.concat = concat
        self.loadPage = loadPage
    }

    /// Loads the first page, cancelling any page in flight. The current values stay on screen
    /// until the new page replaces them.
    public func requestFirstPage() {
        inFlight?.cancel()
        generation += 1
        load(cursor: nil, isFirstPage: true)
    }

    /// Changes the loaded items without a request (a deleted row, a comment just posted).
    public func modify(_ change: (inout [Item]) -> Void) {
        var values = valuesSource.value
        change(&values)
        if pageCountSource.value > 0 { isEmptySource.sendIfChanged(values.isEmpty) }
        valuesSource.send(values)
    }

    /// A row came into view: near the end of the list, the next page is requested.
    public func willDisplayRow(_ row: Int, outOf total: Int) {
        guard row >= total - Self.prefetchDistance else { return }
        requestNextPage()
    }

    /// Loads the page after the last one, if there is one and nothing is loading.
    public func requestNextPage() {
        guard inFlight == nil, pageCountSource.value > 0, !isExhaustedSource.value, let cursor else { return }
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
        // Stopped by the user (Ctrl-C cancels the work): the answer is dropped and the list stays
        // as it was, so a next request starts from the same place.
        if Task.isCancelled {
            isLoadingSource.sendIfChanged(false)
            return
        }
        switch result {
        case .success(let page):
            // Counts first, values last: an observer of values reads a consistent page count.
            cursor = page.nextCursor
            pageCountSource.send(isFirstPage ? 1 : pageCountSource.value + 1)
            isExhaustedSource.sendIfChanged(page.items.isEmpty || page.nextCursor == nil)
            hasMorePagesSource.sendIfChanged(!isExhaustedSource.value)
            let values = isFirstPage ? page.items : concat(valuesSource.value, page.items)
            isEmptySource.sendIfChanged(values.isEmpty)
            valuesSource.send(values)
        case .failure(let error):
            errorsSource.send(error)
        }
        isLoadingSource.sendIfChanged(false)
    }
}

extension Paginator where Item: Identifiable {
    /// A `concat` that drops items already in the list, so an item never appears twice even when
    /// the server's pages overlap.
    public static func appendingNew(_ list: [Item], _ page: [Item]) -> [Item] {
        var seen = Set(list.map(\.id))
        return list + page.filter { seen.insert($0.id).inserted }
    }
}
