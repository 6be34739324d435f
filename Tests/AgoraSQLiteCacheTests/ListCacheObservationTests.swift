import AgoraArchitecture
import AgoraCache
import Testing

/// How a screen follows a cache, for every implementation: the cached value at once, then a value
/// after each write that changes it, shown before the write returns.
@MainActor
@Suite("ListCache observation")
struct ListCacheObservationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("given a cached list, when observed, then the cached list is shown before observe returns", arguments: CacheImplementation.allCases)
    func cachedValueFirst(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2)])
        let observed = ObservedValues<[Note]>()

        let subscription = await cache.observe("notes", onChange: observed.onChange)

        #expect(observed.values == [[Note(1), Note(2)]])
        subscription.cancel()
    }

    @Test(
        "given an observed list, when it is replaced, appended to, or one of its items stored or removed, then each write is shown when it returns",
        arguments: CacheImplementation.allCases)
    func eachChangeShownByTheTimeTheWriteReturns(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<[Note]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)

        await cache.replace("notes", with: [Note(1), Note(2)])
        #expect(observed.values.last == [Note(1), Note(2)])
        await cache.append([Note(3)], to: "notes")
        #expect(observed.values.last == [Note(1), Note(2), Note(3)])
        await cache.store(Note(2, "edited"))
        #expect(observed.values.last == [Note(1), Note(2, "edited"), Note(3)])
        await cache.remove(id: 1)

        #expect(
            observed.values == [
                [],
                [Note(1), Note(2)],
                [Note(1), Note(2), Note(3)],
                [Note(1), Note(2, "edited"), Note(3)],
                [Note(2, "edited"), Note(3)],
            ])
        subscription.cancel()
    }

    @Test("given an observed list, when another list or an item outside it changes, then nothing is shown again", arguments: CacheImplementation.allCases)
    func unrelatedWritesShowNothing(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1)])
        let observed = ObservedValues<[Note]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)

        await cache.replace("other", with: [Note(2)])
        await cache.store(Note(3))
        await cache.remove(id: 2)

        #expect(observed.values == [[Note(1)]])
        subscription.cancel()
    }

    @Test("given an observed item, when it is stored through any list and removed, then each copy is shown", arguments: CacheImplementation.allCases)
    func observeOneItem(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<Note?>()
        let subscription = await cache.observeItem(id: 2, onChange: observed.onChange)

        await cache.replace("notes", with: [Note(1), Note(2)])
        await cache.store(Note(1, "not the observed one"))
        await cache.store(Note(2, "edited"))
        await cache.remove(id: 2)

        #expect(observed.values == [nil, Note(2), Note(2, "edited"), nil])
        subscription.cancel()
    }

    @Test("given two observers of one list, when it changes, then both show it by the time the write returns", arguments: CacheImplementation.allCases)
    func everyObserverIsWaitedFor(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let first = ObservedValues<[Note]>()
        let second = ObservedValues<[Note]>()
        let subscriptions = [
            await cache.observe("notes", onChange: first.onChange),
            await cache.observe("notes", onChange: second.onChange),
        ]

        await cache.replace("notes", with: [Note(1)])

        #expect(first.values == [[], [Note(1)]])
        #expect(second.values == [[], [Note(1)]])
        subscriptions.forEach { $0.cancel() }
    }

    @Test(
        "given a cancelled subscription, when the list changes, then nothing more is shown and the write does not wait", arguments: CacheImplementation.allCases
    )
    func cancelStops(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<[Note]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)

        subscription.cancel()
        await cache.replace("notes", with: [Note(1)])

        #expect(observed.values == [[]])
    }

    @Test("given a released subscription, when the list changes, then nothing more is shown", arguments: CacheImplementation.allCases)
    func releaseStops(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<[Note]>()
        var subscription: Subscription? = await cache.observe("notes", onChange: observed.onChange)
        #expect(subscription != nil)

        subscription = nil
        await cache.replace("notes", with: [Note(1)])

        #expect(observed.values == [[]])
    }

    @Test(
        "given an item observed, left and observed again (an event opened twice), when it changes in between and after, then the copy shown at once is the current one and each later change shows",
        arguments: CacheImplementation.allCases)
    func itemObservedAgainShowsTheCurrentCopy(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.store(Note(2))
        let first = ObservedValues<Note?>()
        let firstSubscription = await cache.observeItem(id: 2, onChange: first.onChange)
        firstSubscription.cancel()
        await cache.store(Note(2, "edited while nobody looked"))

        let second = ObservedValues<Note?>()
        let together = ObservedValues<Note?>()
        let subscriptions = [
            await cache.observeItem(id: 2, onChange: second.onChange),
            await cache.observeItem(id: 2, onChange: together.onChange),
        ]
        await cache.store(Note(2, "edited again"))

        #expect(first.values == [Note(2)])
        #expect(second.values == [Note(2, "edited while nobody looked"), Note(2, "edited again")])
        #expect(together.values == [Note(2, "edited while nobody looked"), Note(2, "edited again")])
        subscriptions.forEach { $0.cancel() }
        await cache.remove(id: 2)
        #expect(second.values.count == 2)
    }

    // A screen opening an event the cache already follows gets the copy with no suspension: a
    // suspension is resumed through the global pool, a cross-thread wake-up each way (issue 19).
    // Work queued on the main actor before the observation would run first if it suspended.
    @Test(
        "given an item the cache already follows, when it is observed again on the main actor, then its copy is handed over there and then, before work already queued on the main actor runs",
        arguments: [CacheImplementation.sqliteInMemory, .sqliteFile])
    func followedItemHandedOverWithoutSuspending(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.store(Note(2))
        let first = await cache.observeItem(id: 2) { _ in }
        first.cancel()
        let queued = QueuedWork()
        Task { @MainActor in queued.ran = true }
        let observed = ObservedValues<Note?>()
        let queuedRanBeforeTheCopy = QueuedWork()

        let subscription = await cache.observeItem(id: 2) { note in
            queuedRanBeforeTheCopy.ran = queued.ran
            observed.onChange(note)
        }

        #expect(observed.values == [Note(2)])
        #expect(queuedRanBeforeTheCopy.ran == false)
        #expect(queued.ran == false)
        subscription.cancel()
    }

    // Storing an item as its observation holds it is skipped without a write in memory (and
    // changes no row on a file): a later store of an earlier copy must still be written.
    @Test(
        "given an item observed, when it is stored as it is, changed, stored changed again and stored as it was, then each change shows once and the cache holds the last copy",
        arguments: [CacheImplementation.sqliteInMemory, .sqliteFile])
    func itemStoredAsItIsChangesNothing(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.store(Note(2))
        let observed = ObservedValues<Note?>()
        let subscription = await cache.observeItem(id: 2, onChange: observed.onChange)
        await cache.store(Note(2))
        await cache.store(Note(2, "edited"))
        await cache.store(Note(2, "edited"))
        await cache.store(Note(2))

        #expect(observed.values == [Note(2), Note(2, "edited"), Note(2)])
        #expect(await cache.item(id: 2) == Note(2))
        subscription.cancel()
    }
}

/// Whether work queued on the main actor has run yet.
@MainActor
private final class QueuedWork {
    var ran = false
}
