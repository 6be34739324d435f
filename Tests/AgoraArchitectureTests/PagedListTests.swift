import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

@MainActor
@Suite("PagedList: a paged list that follows the cache")
struct PagedListTests {
    let work = WorkTracker()

    /// Two pages: [1, 2, 3] → [4, 5] (the last).
    let loader = PageLoaderSpy([
        nil: Page(items: [1, 2, 3], nextCursor: "c1"),
        "c1": Page(items: [4, 5], nextCursor: nil),
    ])

    func makeList(_ cache: ListCacheSpy, showsCacheFirst: Bool = true) -> SpyPagedList {
        SpyPagedList(work: work, cache: cache, loader: loader, showsCacheFirst: showsCacheFirst)
    }

    /// A list with its first page loaded.
    func startedList(_ cache: ListCacheSpy = ListCacheSpy()) async -> SpyPagedList {
        let list = makeList(cache)
        list.start()
        await work.waitUntilIdle()
        return list
    }

    // MARK: Starting

    @Test("given a cached list, when started, then the cached items show at once, then the first page replaces them")
    func cachedItemsFirst() async {
        let list = makeList(ListCacheSpy([7, 8]))
        let items = Recorder(list.rows)
        let firstPage = loader.plan.hold(request: 0)

        list.start()
        await items.waitForValues(count: 2)
        items.assertValues([[], [7, 8]])
        #expect(list.isLoading.value, "the first page is asked for after the cached items show")

        firstPage.open()
        await work.waitUntilIdle()
        items.assertValues([[], [7, 8], [1, 2, 3]])
        #expect(loader.requests == [nil])
    }

    @Test("given a cached list and the cache not shown first (a script), when started, then only the first page shows, once")
    func cacheNotFirst() async {
        let list = makeList(ListCacheSpy([7, 8, 9, 10]), showsCacheFirst: false)
        let items = Recorder(list.rows)

        list.start()
        await work.waitUntilIdle()

        items.assertValues([[], [1, 2, 3]])
    }

    @Test("given the cache not shown first and a first page that fails, then the cached items show after it, with the error")
    func cacheNotFirstFailedPage() async {
        loader.plan.fail(request: 0, with: .boom)
        let list = makeList(ListCacheSpy([7]), showsCacheFirst: false)
        let items = Recorder(list.rows)
        let errors = Recorder(list.errors)

        list.start()
        await work.waitUntilIdle()

        errors.assertValues([.boom])
        items.assertValues([[], [7]])
    }

    @Test("given the cache not shown first and an empty first page, then the empty state is told once it is known")
    func cacheNotFirstEmpty() async {
        let emptyLoader = PageLoaderSpy([nil: Page(items: [], nextCursor: nil)])
        let cache = ListCacheSpy()
        let list = SpyPagedList(work: work, cache: cache, loader: emptyLoader, showsCacheFirst: false)
        let items = Recorder(list.rows)
        let isEmpty = Recorder(list.isEmpty)

        list.start()
        await work.waitUntilIdle()

        items.assertValues([[]], "an empty list equals the rows before it: nothing is sent")
        isEmpty.assertValues([false, true])
    }

    @Test("given an empty cache, when started, then the first page is the first rows sent")
    func emptyCacheSendsNothing() async {
        let list = makeList(ListCacheSpy())
        let items = Recorder(list.rows)

        list.start()
        await work.waitUntilIdle()

        items.assertValues([[], [1, 2, 3]])
    }

    @Test("given something else to read first, when started, then it runs after the cache answered and before anything shows")
    func prepareRunsBeforeTheFirstItems() async {
        let cache = ListCacheSpy([7])
        let list = makeList(cache)
        let log = EventLog()
        let observation = list.rows.observe { log.append("items \($0)") }

        list.start {
            log.append("prepare: observed \(cache.observeCount), items \(list.rows.value)")
        }
        await work.waitUntilIdle()

        #expect(log.entries == ["items []", "prepare: observed 1, items []", "items [7]", "items [1, 2, 3]"])
        observation.cancel()
    }

    @Test("given a started list, when started again, then nothing more is observed or requested")
    func startsOnce() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)

        list.start()
        await work.waitUntilIdle()

        #expect(cache.observeCount == 1)
        #expect(loader.requests == [nil])
    }

    @Test("given the work cancelled (Ctrl-C) while the cache answers, then the cached items show and no page is asked for")
    func cancelledWhileStarting() async {
        let list = makeList(ListCacheSpy([7]))
        let items = Recorder(list.rows)

        list.start()
        work.cancelAll()
        await work.waitUntilIdle()

        items.assertValues([[], [7]])
        #expect(loader.requests.isEmpty)
    }

    // MARK: Pages

    @Test("given a page loading, when it writes the cache, then its items are held and show when it ends, after hasMorePages")
    func pageItemsShowWhenThePageEnds() async {
        let list = await startedList()
        let log = EventLog()
        let observations = [
            list.rows.observe { log.append("items \($0)") },
            list.hasMorePages.observe { log.append("hasMorePages \($0)") },
            list.isLoading.observe { log.append("isLoading \($0)") },
        ]
        log.clear()

        list.willDisplayRow(2, outOf: 3)
        await work.waitUntilIdle()

        #expect(log.entries == ["isLoading true", "hasMorePages false", "items [1, 2, 3, 4, 5]", "isLoading false"])
        observations.forEach { $0.cancel() }
    }

    @Test("given a page loading, when the cache changes elsewhere, then the change waits for the page's end")
    func changeElsewhereWaitsForThePage() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)
        let nextPage = loader.plan.hold(request: 1)

        list.willDisplayRow(2, outOf: 3)
        cache.write([0, 1, 2, 3])
        items.assertValues([[1, 2, 3]])

        nextPage.open()
        await work.waitUntilIdle()
        items.assertValues([[1, 2, 3], [0, 1, 2, 3, 4, 5]])
    }

    @Test("given an empty first page, then the list is empty with no more pages; an item written later ends the empty state")
    func emptyState() async {
        loader.answer(nil, with: Page(items: [], nextCursor: nil))
        let cache = ListCacheSpy()
        let list = makeList(cache)
        let isEmpty = Recorder(list.isEmpty)
        let hasMore = Recorder(list.hasMorePages)

        list.start()
        await work.waitUntilIdle()
        isEmpty.assertValues([false, true])
        hasMore.assertValues([false])

        cache.write([1])
        isEmpty.assertValues([false, true, false])
    }

    @Test("given a failing first page, then the error, the cached items stay and there is no empty state")
    func failedFirstPage() async {
        loader.plan.fail(request: 0, with: .boom)
        let list = makeList(ListCacheSpy([7]))
        let items = Recorder(list.rows)
        let errors = Recorder(list.errors)
        let isEmpty = Recorder(list.isEmpty)
        let isLoading = Recorder(list.isLoading)

        list.start()
        await work.waitUntilIdle()

        errors.assertValues([.boom])
        items.assertValues([[], [7]])
        isEmpty.assertValues([false])
        isLoading.assertValues([false, true, false])
    }

    @Test("given a failing first page and an empty cache, then it is not the empty state: nothing was loaded")
    func failedFirstPageIsNotEmpty() async {
        loader.plan.fail(request: 0, with: .boom)
        let list = makeList(ListCacheSpy())
        let isEmpty = Recorder(list.isEmpty)

        list.start()
        await work.waitUntilIdle()

        isEmpty.assertValues([false])
    }

    @Test("firstPageLoaded follows the first page and each refresh, after their items; not a next page or a failed refresh")
    func firstPageLoaded() async {
        let list = makeList(ListCacheSpy())
        let log = EventLog()
        let observation = list.firstPageLoaded.observe { log.append("first page loaded, items \(list.rows.value)") }
        loader.plan.fail(request: 2, with: .boom)

        list.start()
        await work.waitUntilIdle()
        list.willDisplayRow(2, outOf: 3)
        await work.waitUntilIdle()
        list.refresh()  // request 2 fails
        await work.waitUntilIdle()
        loader.answer(nil, with: Page(items: [9], nextCursor: nil))
        list.refresh()
        await work.waitUntilIdle()

        #expect(log.entries == ["first page loaded, items [1, 2, 3]", "first page loaded, items [9]"])
        #expect(loader.requests == [nil, "c1", nil, nil])
        observation.cancel()
    }

    @Test("refreshFoundNoChange follows a refresh whose first page leaves the list as it was; not a refresh that changed it, a failed one or the first load")
    func refreshFoundNoChange() async {
        let list = makeList(ListCacheSpy())
        let unchanged = Recorder(list.refreshFoundNoChange)
        loader.plan.fail(request: 2, with: .boom)

        list.start()
        await work.waitUntilIdle()
        unchanged.assertDidNotEmitValue()
        list.refresh()  // the same first page
        await work.waitUntilIdle()
        unchanged.assertValueCount(1)
        list.refresh()  // request 2 fails
        await work.waitUntilIdle()
        unchanged.assertValueCount(1)
        loader.answer(nil, with: Page(items: [9], nextCursor: nil))
        list.refresh()  // a new first page
        await work.waitUntilIdle()

        unchanged.assertValueCount(1)
        #expect(list.rows.value == [9])
    }

    // MARK: Following the cache

    @Test("given the list on screen, when the cache changes elsewhere, then the items change before the write returns")
    func changeElsewhereShowsAtOnce() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)

        cache.write([1, 2, 3, 9])

        items.assertValues([[1, 2, 3], [1, 2, 3, 9]])
        #expect(work.isIdle, "nothing was left running for the change")
    }

    @Test("given the list on screen, when the cache sends the same list again, then it is not sent again")
    func identicalListNotSentAgain() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)

        cache.write([1, 2, 3])

        items.assertValueCount(1)
    }

    // MARK: The screen's own changes

    @Test("given a change of the screen's own in flight, when the cache changes, then the change shows when it ends")
    func ownChangeHoldsTheCache() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)

        let change = list.beginChange()
        cache.write([9, 1, 2, 3])
        items.assertValues([[1, 2, 3]], "held while the change is in flight")

        await change.end()
        items.assertValues([[1, 2, 3], [9, 1, 2, 3]])
    }

    @Test("given two changes in flight, when one ends twice, then the cache stays held until the other ends")
    func changesEndOnce() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)
        let first = list.beginChange()
        let second = list.beginChange()
        cache.write([9])

        await first.end()
        await first.end()
        items.assertValues([[1, 2, 3]])

        await second.end()
        items.assertValues([[1, 2, 3], [9]])
    }

    @Test("given a change and a page in flight, when the change ends, then its update waits for the page")
    func changeEndingDuringAPageWaits() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)
        let nextPage = loader.plan.hold(request: 1)
        list.willDisplayRow(2, outOf: 3)

        let change = list.beginChange()
        cache.write([0, 1, 2, 3])
        await change.end()
        items.assertValues([[1, 2, 3]])

        nextPage.open()
        await work.waitUntilIdle()
        items.assertValues([[1, 2, 3], [0, 1, 2, 3, 4, 5]])
    }

    @Test("given a change in flight, when a first page ends, then firstPageLoaded is sent and the items stay held")
    func firstPageLoadedWhileAChangeHolds() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let loaded = Recorder(list.firstPageLoaded)
        let items = Recorder(list.rows)
        loader.answer(nil, with: Page(items: [9], nextCursor: nil))
        let change = list.beginChange()

        list.refresh()
        await work.waitUntilIdle()
        loaded.assertValueCount(1)
        items.assertValues([[1, 2, 3]])

        await change.end()
        items.assertValues([[1, 2, 3], [9]])
    }

    // MARK: Stopping

    @Test("given a started list, when stopped, then its subscription is cancelled and the cache's changes no longer show")
    func stopEndsFollowing() async {
        let cache = ListCacheSpy()
        let list = await startedList(cache)
        let items = Recorder(list.rows)

        list.stop()
        cache.write([9])

        #expect(cache.isCancelled)
        items.assertValues([[1, 2, 3], []], "a list stopped shows no rows")
    }

    @Test("given a page in flight, when stopped, then the page's end shows nothing")
    func stopDropsAPageInFlight() async {
        let list = makeList(ListCacheSpy([7]))
        let items = Recorder(list.rows)
        let loaded = Recorder(list.firstPageLoaded)
        let isLoading = Recorder(list.isLoading)
        let firstPage = loader.plan.hold(request: 0)
        list.start()
        await isLoading.waitForValues(count: 2)

        list.stop()
        firstPage.open()
        await work.waitUntilIdle()

        items.assertValues([[], [7], []])
        loaded.assertDidNotEmitValue()
    }

    @Test("given a list stopped while the cache answers, then its subscription is cancelled and no page is asked for")
    func stopWhileStarting() async {
        let cache = ListCacheSpy([7])
        let list = makeList(cache)
        let items = Recorder(list.rows)

        list.start()
        list.stop()
        await work.waitUntilIdle()

        #expect(cache.isCancelled)
        items.assertValues([[]])
        #expect(loader.requests.isEmpty)
    }
}
