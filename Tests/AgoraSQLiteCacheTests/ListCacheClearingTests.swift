import AgoraArchitecture
import AgoraCache
import Testing

/// How a cache forgets what a user's session left in it, for every implementation: items
/// rewritten where they are (``ListCache/update(_:)``), a user's own list dropped
/// (``ListCache/removeList(_:)``), and every screen following them shown the change by the time
/// the write returns.
@MainActor
@Suite("ListCache clearing")
struct ListCacheClearingTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A note as its owner marked it.
    nonisolated static func unmark(_ note: Note) -> Note? {
        guard note.text.hasSuffix(" (mine)") else { return nil }
        return Note(note.id, String(note.text.dropLast(" (mine)".count)))
    }

    @Test(
        "given marked items in lists and stored on their own, when the marks are updated away, then every copy changes and the rest stay",
        arguments: CacheImplementation.allCases)
    func updateRewritesEveryCopy(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2, "two (mine)"), Note(3)])
        await cache.replace("other", with: [Note(2, "two (mine)")])
        await cache.store(Note(9, "nine (mine)"))

        await cache.update(Self.unmark)

        #expect(await cache.items(in: "notes") == [Note(1), Note(2, "two"), Note(3)])
        #expect(await cache.items(in: "other") == [Note(2, "two")])
        #expect(await cache.item(id: 9) == Note(9, "nine"))
    }

    @Test(
        "given screens following a list, its items and its snapshots, when items are updated, then each shows the change when the write returns",
        arguments: CacheImplementation.allCases)
    func updateIsShownToObservers(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2, "two (mine)")])
        let list = ObservedValues<[Note]>()
        let item = ObservedValues<Note?>()
        let snapshots = ObservedValues<ListSnapshot<Note>>()
        let subscriptions = [
            await cache.observe("notes", onChange: list.onChange),
            await cache.observeItem(id: 2, onChange: item.onChange),
            await cache.cachedList("notes").observe(snapshots.onChange),
        ]

        await cache.update(Self.unmark)

        #expect(list.values.last == [Note(1), Note(2, "two")])
        #expect(item.values.last == Note(2, "two"))
        #expect(snapshots.values.last?.items == [Note(1), Note(2, "two")])
        for subscription in subscriptions { subscription.cancel() }
    }

    @Test("given nothing marked, when items are updated, then nothing changes", arguments: CacheImplementation.allCases)
    func updateOfNothing(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2)])

        await cache.update(Self.unmark)

        #expect(await cache.items(in: "notes") == [Note(1), Note(2)])
    }

    @Test(
        "given a user's list sharing an item with another list, when the user's list is removed, then it is empty and only its own items are gone",
        arguments: CacheImplementation.allCases)
    func removeListKeepsSharedItems(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("feed/1", with: [Note(1), Note(2)])
        await cache.replace("feed/2", with: [Note(2), Note(3)])

        await cache.removeList("feed/1")

        #expect(await cache.items(in: "feed/1").isEmpty)
        #expect(await cache.item(id: 1) == nil)
        #expect(await cache.item(id: 2) == Note(2), "still in another user's list")
        #expect(await cache.items(in: "feed/2") == [Note(2), Note(3)])
    }

    @Test(
        "given a screen following a user's list, when the list is removed, then it shows an empty list when the write returns",
        arguments: CacheImplementation.allCases)
    func removeListIsShownToObservers(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("feed/1", with: [Note(1), Note(2)])
        let list = ObservedValues<[Note]>()
        let item = ObservedValues<Note?>()
        let subscriptions = [
            await cache.observe("feed/1", onChange: list.onChange),
            await cache.observeItem(id: 1, onChange: item.onChange),
        ]

        await cache.removeList("feed/1")

        #expect(list.values.last == [])
        #expect(item.values.last == .some(nil))
        for subscription in subscriptions { subscription.cancel() }
    }
}
