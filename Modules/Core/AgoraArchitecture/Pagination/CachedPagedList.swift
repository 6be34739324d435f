import AgoraModels

/// A paged list whose items are the cache's: the one way a list screen follows the cache.
///
/// The items come only from the cache observation; pages fill the cache (a UseCase's fetch
/// writes each page before it returns) and a change the user makes reaches the cache the same
/// way, so everything the list shows arrives by one path. What it shows follows three rules:
///
/// - While a page loads, the cache's updates are held and published when the page ends, so a
///   page's items show together with whether more pages follow (``hasMorePages``).
/// - While one of the screen's own changes is in flight (``beginChange()``: a post, a delete),
///   updates are held too, and published when it ends, so the screen can show the change's
///   result together with what it means for state of its own (a draft leaving as its comment
///   arrives) instead of one after the other.
/// - Otherwise an update is published at once: a change made elsewhere (an RSVP on another
///   screen) shows here by the time its write returns.
///
/// It owns the ``Paginator`` and the cache ``Subscription``; the ViewModel keeps one per list
/// (Activities one per session), maps ``items`` to its rows and forwards the other outputs.
/// Its work runs in the owner's ``WorkTracker``.
@MainActor
public final class CachedPagedList<Item: Sendable, Failure: Error> {
    /// Fetches one page and writes it to the cache (`nil` cursor: the first page, which
    /// replaces the cached list).
    public typealias LoadPage = Paginator<Item, Failure>.LoadPage
    /// Follows the cached list: `onChange` gets it before this returns, then after each change,
    /// for as long as the subscription is kept (a UseCase's `observe…` method).
    public typealias ObserveCache = @Sendable (_ onChange: @escaping @MainActor @Sendable (ListSnapshot<Item>) -> Void) async -> Subscription
    /// Follows the cached list as arrays of items, for a short list.
    public typealias ObserveItems = @Sendable (_ onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription

    /// The cached list as published by the rules above; an identical list is not sent again. A
    /// long list's snapshot holds versions, and reads an item when asked for it.
    public var items: Output<ListSnapshot<Item>> { itemsSource.output }
    /// Whether a page is being loaded.
    public var isLoading: Output<Bool> { paginator.isLoading }
    /// Whether a page after the loaded ones can be requested.
    public var hasMorePages: Output<Bool> { paginator.hasMorePages }
    /// Whether a page was loaded and the published list is empty (the empty state). It changes
    /// after ``items``, so an observer of either reads both in agreement.
    public var isEmpty: Output<Bool> { isEmptySource.output }
    /// Each failed page load; the items published so far stay.
    public var errors: Signal<Failure> { paginator.errors }
    /// A first page (the initial one or a refresh) has loaded and been published: the server
    /// answers again, so work that waited for it can go (Comments sends its outbox).
    public var firstPageLoaded: Signal<Void> { firstPageLoadedSource.signal }
    /// A refresh's first page loaded and the list is what it was when the refresh began: the
    /// view can say it is up to date rather than print nothing.
    public var refreshFoundNoChange: Signal<Void> { refreshFoundNoChangeSource.signal }

    /// Where the list is in its life: updates are published only once it has started.
    private enum Phase {
        case notStarted, starting, started, stopped
    }

    private let itemsSource = OutputSource(ListSnapshot<Item>([], versions: []))
    private let isEmptySource = OutputSource(false)
    private let firstPageLoadedSource = SignalSource<Void>()
    private let refreshFoundNoChangeSource = SignalSource<Void>()

    private let work: WorkTracker
    private let paginator: Paginator<Item, Failure>
    private let observeCache: ObserveCache
    private var observations: [OutputObservation] = []
    private var subscription: Subscription?
    private var phase = Phase.notStarted
    /// The list as the cache last delivered it, published or held.
    private var cached = ListSnapshot<Item>([], versions: [])
    /// The screen's own changes in flight (``beginChange()``).
    private var changesInFlight = 0
    /// Whether the cached list is published before the first page arrives.
    private let showsCacheFirst: Bool
    /// Nothing was published yet: the first publication is sent even when it equals the initial
    /// value, so a screen draws once the list is known.
    private var isFirstPublication = true
    /// A page load has ended, loaded or failed.
    private var firstPageEnded = false
    /// A first page arrived and ``firstPageLoaded`` is due when loading ends.
    private var firstPageArrived = false
    /// The items published when the refresh in flight began.
    private var itemsBeforeRefresh: ListSnapshot<Item>?

    /// - Parameters:
    ///   - work: the owner's tracker; the cache subscription and page loads run in it.
    ///   - observeCache: follows the cached list.
    ///   - loadPage: fetches a page into the cache.
    ///   - showsCacheFirst: whether the cached list shows before the first page arrives (the
    ///     default); when `false`, the list first shows when the first page has loaded or failed
    ///     (`AgoraEnvironment.showsCachedListsFirst`, for scripts).
    public init(
        work: WorkTracker, showsCacheFirst: Bool = true, observeCache: @escaping ObserveCache, loadPage: @escaping LoadPage
    ) {
        self.work = work
        self.showsCacheFirst = showsCacheFirst
        self.observeCache = observeCache
        paginator = Paginator(work: work, loadPage: loadPage)
        observations = [
            paginator.pageCount.observe { [weak self] count in
                if count == 1 { self?.firstPageArrived = true }
            },
            paginator.isLoading.observe { [weak self] isLoading in
                if !isLoading { self?.pageEnded() }
            },
        ]
    }

    /// A list that follows the cache as arrays of items (a short list: every item is held).
    ///
    /// - Parameters:
    ///   - work: the owner's tracker; the cache subscription and page loads run in it.
    ///   - observeItems: follows the cached list.
    ///   - loadPage: fetches a page into the cache.
    ///   - showsCacheFirst: whether the cached list shows before the first page arrives.
    public convenience init(
        work: WorkTracker, showsCacheFirst: Bool = true, observeItems: @escaping ObserveItems, loadPage: @escaping LoadPage
    ) where Item: Hashable {
        self.init(
            work: work, showsCacheFirst: showsCacheFirst,
            observeCache: { onChange in
                await observeItems { items in onChange(ListSnapshot(items)) }
            }, loadPage: loadPage)
    }

    /// Starts following the cache, then loads the first page; later calls do nothing.
    ///
    /// The cached list is published first (what this device knows shows at once), unless
    /// `showsCacheFirst` is off, when it is first published as the first page ends. The first
    /// publication is sent even when it is empty or equal to the initial value, so a screen that
    /// joins the items with rows of its own draws them all once the list is known. The first
    /// page is asked for after the cache answered, so it always replaces the cached list.
    ///
    /// - Parameter prepare: what else must be known before the first items show (Comments reads
    ///   its outbox); runs after the cache answered, before anything is published.
    public func start(preparing prepare: @escaping @MainActor () async -> Void = {}) {
        guard phase == .notStarted else { return }
        phase = .starting
        let observeCache = self.observeCache
        work.start { [weak self] in
            let subscription = await observeCache { [weak self] items in self?.cacheChanged(items) }
            await prepare()
            guard let self, phase == .starting else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            phase = .started
            if changesInFlight == 0, showsCacheFirst { publish() }
            // Stopped by the user (Ctrl-C) while the cache answered: no page is asked for.
            guard !Task.isCancelled else { return }
            paginator.requestFirstPage()
        }
    }

    /// Loads the first page again (a refresh), cancelling a page in flight; the items on screen
    /// stay until the new page replaces them.
    public func refresh() {
        itemsBeforeRefresh = itemsSource.value
        paginator.requestFirstPage()
    }

    /// A row came into view: near the end of the list, the next page is requested.
    public func willDisplayRow(_ row: Int, outOf total: Int) {
        paginator.willDisplayRow(row, outOf: total)
    }

    /// One of the screen's own changes to the cached list starts (a post, a delete): the
    /// cache's updates are held until it ends. End it once the screen has applied the change's
    /// result to state of its own, and the held updates are published then (unless a page or
    /// another change still holds them).
    public func beginChange() -> ListChange {
        changesInFlight += 1
        return ListChange { [weak self] in self?.changeEnded() }
    }

    /// Stops following the cache for good (Activities when the session changes): nothing more
    /// is published, and a page still loading no longer reaches the items.
    public func stop() {
        phase = .stopped
        subscription?.cancel()
        subscription = nil
    }

    // MARK: The hold rule

    private var isHeld: Bool {
        phase != .started || paginator.isLoading.value || changesInFlight > 0
            // Without the cache first, nothing shows before the first page has ended.
            || (!showsCacheFirst && !firstPageEnded)
    }

    private func cacheChanged(_ items: ListSnapshot<Item>) {
        guard phase != .stopped else { return }
        cached = items
        if !isHeld { publish() }
    }

    private func pageEnded() {
        guard phase == .started else { return }
        firstPageEnded = true
        if !isHeld { publish() }
        if firstPageArrived {
            firstPageArrived = false
            firstPageLoadedSource.send()
            if let before = itemsBeforeRefresh, before == itemsSource.value { refreshFoundNoChangeSource.send() }
        }
        if !paginator.isLoading.value { itemsBeforeRefresh = nil }
    }

    private func changeEnded() {
        changesInFlight -= 1
        if !isHeld { publish() }
    }

    private func publish() {
        if isFirstPublication {
            isFirstPublication = false
            itemsSource.send(cached)
        } else {
            itemsSource.sendIfChanged(cached)
        }
        isEmptySource.sendIfChanged(paginator.pageCount.value > 0 && cached.isEmpty)
    }
}
