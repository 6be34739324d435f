import AgoraModels

/// A list screen's rows: the one way a list ViewModel shows a cached, paged list.
///
/// A ViewModel says what a row is (`row`, made from an item), which list to follow
/// (``start(following:loadPage:preparing:)``) and which rows of its own lead the list
/// (``setLeadingRows(_:)``: Comments' unsent drafts); this does the rest. It shows the cached
/// list first, loads pages (a UseCase's fetch writes each page to the cache before it returns),
/// follows the cache, and publishes ``rows``: a value a view may index freely, whose rows were
/// made before it was published.
///
/// What it publishes follows three rules:
///
/// - While a page loads, the cache's updates are held and published when the page ends, so a
///   page's rows show together with whether more pages follow (``hasMorePages``).
/// - While one of the screen's own changes is in flight (``beginChange()``: a post, a delete),
///   updates are held too, and published when it ends, so the change's result and what it
///   means for the screen's own rows (a draft leaving as its comment arrives) show together.
/// - Otherwise an update is published at once: a change made elsewhere (an RSVP on another
///   screen) shows here by the time its write returns.
///
/// A long list is never held whole: ``rows`` holds a window of at most `windowSize` rows of the
/// cached list, around the row the view displayed last (``willDisplayRow(_:outOf:)``), and
/// following the end of the list while the view is there. Rows that are not in memory are read
/// from the cache off the main actor before the rows are published; rows already held are kept.
///
/// Its work runs in the owner's ``WorkTracker``.
@MainActor
public final class PagedList<Item: Sendable, Row: Hashable & Sendable, Failure: Error> {
    /// Fetches one page and writes it to the cache (`nil` cursor: the first page, which
    /// replaces the cached list).
    public typealias LoadPage = Paginator<Item, Failure>.LoadPage

    /// The rows: the leading rows, then a row per cached item, made when it entered the
    /// window. An identical list is not sent again.
    public var rows: Output<ListRows<Row>> { rowsSource.output }
    /// Whether a page is being loaded.
    public var isLoading: Output<Bool> { paginator.isLoading }
    /// Whether a page after the loaded ones can be requested.
    public var hasMorePages: Output<Bool> { paginator.hasMorePages }
    /// Whether a page was loaded and there is no row, cached or leading (the empty state). It
    /// changes after ``rows``, so an observer of either reads both in agreement.
    public var isEmpty: Output<Bool> { isEmptySource.output }
    /// Each failed page load; the rows published so far stay.
    public var errors: Signal<Failure> { paginator.errors }
    /// A first page (the initial one or a refresh) has loaded and been published: the server
    /// answers again, so work that waited for it can go (Comments sends its outbox).
    public var firstPageLoaded: Signal<Void> { firstPageLoadedSource.signal }
    /// A refresh's first page loaded and the list is what it was when the refresh began: the
    /// view can say it is up to date rather than print nothing.
    public var refreshFoundNoChange: Signal<Void> { refreshFoundNoChangeSource.signal }

    /// Where the list is in its life: updates are published only once it has started.
    enum Phase {
        case notStarted, starting, started, stopped
    }

    let rowsSource = OutputSource(ListRows<Row>())
    let isEmptySource = OutputSource(false)
    private let firstPageLoadedSource = SignalSource<Void>()
    private let refreshFoundNoChangeSource = SignalSource<Void>()

    let work: WorkTracker
    let paginator: Paginator<Item, Failure>
    let makeRow: @MainActor (Item) -> Row
    private var observations: [OutputObservation] = []
    private var subscription: Subscription?
    var phase = Phase.notStarted
    /// The list as the cache last delivered it, published or held.
    var cached = ListSnapshot<Item>([], versions: [])
    /// The rows of the screen's own, before the cached ones.
    var leading: [Row] = []
    /// Where the window of cached rows is, and the rows it holds.
    var window: ListWindow<Item, Row>
    private let windowSize: Int
    /// The screen's own changes in flight (``beginChange()``).
    private var changesInFlight = 0
    /// A change is ending: its rows of the screen's own are published with the cache it held.
    private var isEndingChange = false
    /// Whether the cached list is published before the first page arrives.
    private let showsCacheFirst: Bool
    /// A page load has ended, loaded or failed.
    private var firstPageEnded = false
    /// A first page arrived and ``firstPageLoaded`` is due when loading ends.
    private var firstPageArrived = false
    /// The cached list when the refresh in flight began.
    private var cachedBeforeRefresh: ListSnapshot<Item>?
    /// Bumped by each publication, so rows read for an older one are dropped.
    var publication = 0
    /// The cached list as last published; `nil` before the first publication.
    var published: ListSnapshot<Item>?

    /// - Parameters:
    ///   - work: the owner's tracker; the cache subscription, page loads and reads run in it.
    ///   - showsCacheFirst: whether the cached list shows before the first page arrives (the
    ///     default); when `false`, the list first shows when the first page has loaded or failed.
    ///     A ViewModel leaves it to the host through ``init(work:environment:windowSize:row:)``.
    ///   - windowSize: the most cached rows held in memory.
    ///   - row: makes the row of an item, when it enters the window (and again after
    ///     ``remakeRows(leading:)``).
    public init(
        work: WorkTracker, showsCacheFirst: Bool = true, windowSize: Int = 1_000, row: @escaping @MainActor (Item) -> Row
    ) {
        self.work = work
        self.showsCacheFirst = showsCacheFirst
        self.windowSize = windowSize
        makeRow = row
        window = ListWindow(size: windowSize)
        // Nothing to load before a list is followed: `start` gives the loader.
        paginator = Paginator(work: work) { _ throws(Failure) in Page(items: [], nextCursor: nil) }
        observations = [
            paginator.pageCount.observe { [weak self] count in
                if count == 1 { self?.firstPageArrived = true }
            },
            paginator.isLoading.observe { [weak self] isLoading in
                if !isLoading { self?.pageEnded() }
            },
        ]
    }

    // MARK: Inputs

    /// Starts following `list`, then loads its first page; calls before ``stop()`` do nothing.
    ///
    /// The cached list is published first (what this device knows shows at once), unless
    /// `showsCacheFirst` is off, when it is first published as the first page ends; an empty
    /// list is told by ``isEmpty`` once a page has loaded. The first page is asked for after the
    /// cache answered, so it always replaces the cached list.
    ///
    /// - Parameters:
    ///   - list: the cached list to follow (a UseCase's `cached…` method).
    ///   - loadPage: fetches a page of it into the cache.
    ///   - prepare: what else must be known before the first rows show (Comments reads its
    ///     outbox); runs after the cache answered, before anything is published.
    public func start(
        following list: CachedList<Item>, loadPage: @escaping LoadPage, preparing prepare: @escaping @MainActor () async -> Void = {}
    ) {
        guard phase == .notStarted || phase == .stopped else { return }
        phase = .starting
        paginator.reset(loadPage: loadPage)
        let observe = list.observe
        work.start { [weak self] in
            let subscription = await observe { [weak self] snapshot in self?.cacheChanged(snapshot) }
            await prepare()
            guard let self, phase == .starting else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            phase = .started
            if changesInFlight == 0, showsCacheFirst { publish() }
            // Cancelled while the cache answered (the user stopped the work): no page is asked for.
            guard !Task.isCancelled else { return }
            paginator.requestFirstPage()
        }
    }

    /// Loads the first page again (a refresh), cancelling a page in flight; the rows on screen
    /// stay until the new page replaces them.
    public func refresh() {
        cachedBeforeRefresh = cached
        paginator.requestFirstPage()
    }

    /// Loads the first page again because what the rows show depends on something that changed
    /// (who is logged in), not because the user asked: unlike ``refresh()``, it never says the
    /// list is up to date. A page in flight is cancelled.
    public func reload() {
        guard phase == .started else { return }
        paginator.requestFirstPage()
    }

    /// The view displays the row at `row` of `total` (as numbered in ``rows``): near the end of
    /// the list the next page is requested; a row outside the window held brings the window to it.
    public func willDisplayRow(_ row: Int, outOf total: Int) {
        paginator.willDisplayRow(row, outOf: total)
        let index = row - leading.count
        guard index >= 0 else { return }
        if window.display(index, of: cached.count, prefetch: Paginator<Item, Failure>.prefetchDistance), !isHeld {
            publish()
        }
    }

    /// Sets the rows of the screen's own shown before the cached ones (Comments' unsent drafts),
    /// and publishes them.
    public func setLeadingRows(_ rows: [Row]) {
        guard rows != leading else { return }
        takeLeadingRows(rows)
        publishOwnRows()
    }

    /// Makes every row held again from its item, what a row shows besides its item having
    /// changed (who is logged in), with the leading rows made for the same change; one
    /// publication shows both.
    public func remakeRows(leading rows: [Row]) {
        window.forgetRows()
        takeLeadingRows(rows)
        publishOwnRows()
    }

    /// Publishes a change of the screen's own rows at once: held cache updates stay held, and
    /// the rows show the list as last published.
    private func publishOwnRows() {
        if isEndingChange { return }
        if !isHeld {
            publish()
        } else if let published {
            publish(published)
        }
    }

    private func takeLeadingRows(_ rows: [Row]) {
        // A change on top is where the user looks next: a window far down the list goes back up.
        if rows.count != leading.count { window.moveToTop() }
        leading = rows
    }

    /// One of the screen's own changes to the cached list starts (a post, a delete): the
    /// cache's updates are held until it ends. End it once the screen has applied the change's
    /// result to state of its own, and the held updates are published then (unless a page or
    /// another change still holds them).
    public func beginChange() -> ListChange {
        changesInFlight += 1
        return ListChange { [weak self] update in await self?.changeEnded(applying: update) }
    }

    /// Stops following the list (Activities when the session ends): the rows empty, and a page
    /// still loading no longer reaches them. ``start(following:loadPage:preparing:)`` follows a
    /// list again, from the start.
    public func stop() {
        phase = .stopped
        subscription?.cancel()
        subscription = nil
        publication += 1
        paginator.reset()
        cached = ListSnapshot([], versions: [])
        published = nil
        window = ListWindow(size: windowSize)
        firstPageEnded = false
        firstPageArrived = false
        cachedBeforeRefresh = nil
        rowsSource.sendIfChanged(ListRows(leading))
        isEmptySource.sendIfChanged(false)
    }

    // MARK: The hold rule

    var isHeld: Bool {
        phase != .started || paginator.isLoading.value || changesInFlight > 0
            // Without the cache first, nothing shows before the first page has ended.
            || (!showsCacheFirst && !firstPageEnded)
    }

    private func cacheChanged(_ snapshot: ListSnapshot<Item>) {
        guard phase != .stopped else { return }
        cached = snapshot
        if !isHeld { publish() }
    }

    private func pageEnded() {
        guard phase == .started else { return }
        firstPageEnded = true
        if !isHeld { publish() }
        if firstPageArrived {
            firstPageArrived = false
            firstPageLoadedSource.send()
            if let before = cachedBeforeRefresh, before == cached { refreshFoundNoChangeSource.send() }
        }
        if !paginator.isLoading.value { cachedBeforeRefresh = nil }
    }

    private func changeEnded(applying update: @MainActor () -> Void) async {
        isEndingChange = true
        update()
        isEndingChange = false
        changesInFlight -= 1
        if !isHeld { await publish()?.value }
    }
}
