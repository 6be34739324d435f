import AgoraCache
import Testing

/// What every ``ListCache`` does, run against the in-memory cache and the SQLite one, in memory
/// and on a file: the app and the tests must see the same semantics.
@Suite("ListCache specification")
struct ListCacheSpecificationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("given nothing cached, then a list is empty and an item is missing", arguments: CacheImplementation.allCases)
    func emptyCache(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)

        #expect(await cache.items(in: "notes").isEmpty)
        #expect(await cache.item(id: 1) == nil)
    }

    @Test("given a list, when it is replaced, then it holds the new items in their order", arguments: CacheImplementation.allCases)
    func replaceKeepsOrder(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])

        await cache.replace("notes", with: [Note(5), Note(4)])

        #expect(await cache.items(in: "notes") == [Note(5), Note(4)])
        #expect(await cache.item(id: 1) == Note(1), "an item stays findable by id after its list moved on")
    }

    @Test("given a list, when a page is appended, then it follows; rows already there move to the page", arguments: CacheImplementation.allCases)
    func appendAddsAtTheEnd(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])

        await cache.append([Note(4), Note(2, "edited")], to: "notes")

        #expect(await cache.items(in: "notes") == [Note(1), Note(3), Note(4), Note(2, "edited")])
    }

    @Test("given a list, when items are put on top, then they come first in their order; rows already there move up", arguments: CacheImplementation.allCases)
    func prependAddsAtTheStart(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])

        await cache.prepend([Note(4), Note(3, "edited")], to: "notes")
        await cache.prepend([Note(5)], to: "notes")

        #expect(await cache.items(in: "notes") == [Note(5), Note(4), Note(3, "edited"), Note(1), Note(2)])
    }

    @Test("given no list yet, when a page is appended, then the list is that page", arguments: CacheImplementation.allCases)
    func appendToNothing(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)

        await cache.append([Note(7), Note(8)], to: "notes")

        #expect(await cache.items(in: "notes") == [Note(7), Note(8)])
    }

    @Test("given an item in two lists, when it is stored again, then both lists show the new copy", arguments: CacheImplementation.allCases)
    func storeUpdatesEveryList(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("a", with: [Note(1), Note(2)])
        await cache.replace("b", with: [Note(2), Note(3)])

        await cache.store(Note(2, "new"))
        await cache.store(Note(9))

        #expect(await cache.items(in: "a") == [Note(1), Note(2, "new")])
        #expect(await cache.items(in: "b") == [Note(2, "new"), Note(3)])
        #expect(await cache.item(id: 9) == Note(9), "stored on its own: findable, in no list")
    }

    @Test("given an item in two lists, when it is removed, then it is gone from both and by id", arguments: CacheImplementation.allCases)
    func removeForgetsEverywhere(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("a", with: [Note(1), Note(2)])
        await cache.replace("b", with: [Note(2), Note(3)])

        await cache.remove(id: 2)

        #expect(await cache.items(in: "a") == [Note(1)])
        #expect(await cache.items(in: "b") == [Note(3)])
        #expect(await cache.item(id: 2) == nil)
    }

    @Test("given a removed item, when a later page brings it back, then it shows again", arguments: CacheImplementation.allCases)
    func removedThenFetchedAgain(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        await cache.replace("a", with: [Note(1), Note(2)])
        await cache.remove(id: 2)

        await cache.append([Note(2)], to: "a")

        #expect(await cache.items(in: "a") == [Note(1), Note(2)])
    }
}
