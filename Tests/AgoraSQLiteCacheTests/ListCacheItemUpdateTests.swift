import AgoraArchitecture
import AgoraCache
import Testing

/// One item rewritten from what is cached of it, in one write (``ListCache/update(id:_:)``), for
/// every implementation: how a change another member made is merged with what this user wrote.
@MainActor
@Suite("ListCache: one item updated from what is cached of it")
struct ListCacheItemUpdateTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(
        "given an item in two lists, when it is updated from its cached value, then both lists and its observer show the new one",
        arguments: CacheImplementation.allCases)
    func updatesEveryCopy(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2, "two")])
        await cache.replace("other", with: [Note(2, "two")])
        let item = ObservedValues<Note?>()
        let subscription = await cache.observeItem(id: 2, onChange: item.onChange)

        let stored = await cache.update(id: 2) { cached in cached.map { Note($0.id, $0.text + ", seen") } }

        #expect(stored)
        #expect(await cache.items(in: "notes") == [Note(1), Note(2, "two, seen")])
        #expect(await cache.items(in: "other") == [Note(2, "two, seen")])
        #expect(item.values.last == Note(2, "two, seen"))
        subscription.cancel()
    }

    @Test(
        "given nothing cached for an id, when it is updated, then the change is given nil and what it returns is stored",
        arguments: CacheImplementation.allCases)
    func updatesAnItemNotCached(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)

        let stored = await cache.update(id: 7) { cached in cached == nil ? Note(7, "new") : nil }

        #expect(stored)
        #expect(await cache.item(id: 7) == Note(7, "new"))
    }

    @Test("given a change that returns nil, when an item is updated, then the cache is as it was", arguments: CacheImplementation.allCases)
    func leavesTheItemWhenToldTo(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1, "one")])

        let stored = await cache.update(id: 1) { _ in nil }

        #expect(!stored)
        #expect(await cache.items(in: "notes") == [Note(1, "one")])
    }

    @Test(
        "given 40 updates of one item at once, each adding a mark to what it read, then every mark is there: no write between a read and its rewrite is lost",
        arguments: CacheImplementation.allCases)
    func concurrentUpdatesLoseNothing(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.store(Note(1, ""))

        await withTaskGroup(of: Void.self) { group in
            for mark in 0..<40 {
                group.addTask { await cache.update(id: 1) { cached in Note(1, (cached?.text ?? "") + "[\(mark)]") } }
            }
        }

        let text = try #require(await cache.item(id: 1)).text
        #expect((0..<40).allSatisfy { text.contains("[\($0)]") })
    }
}
