import AgoraArchitecture
import AgoraCache
import Testing

/// How a long list is followed, for every implementation: snapshots whose rows read as the cache
/// holds them after each kind of write, and whose versions change for the rows a write changed
/// and no others.
@MainActor
@Suite("ListCache snapshots")
struct ListSnapshotObservationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Every row of a snapshot, read as a view reads them: one at a time, by index.
    func rows(_ snapshot: ListSnapshot<Note>?) -> [Note?] {
        guard let snapshot else { return [] }
        return (0..<snapshot.count).map(snapshot.item(at:))
    }

    func versions(_ snapshot: ListSnapshot<Note>?) -> [Int] {
        guard let snapshot else { return [] }
        return (0..<snapshot.count).map(snapshot.version(at:))
    }

    @Test(
        "given an observed list, when it is replaced, paged, topped, edited and loses a row, then each snapshot reads as the list",
        arguments: CacheImplementation.allCases)
    func snapshotsFollowEveryWrite(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<ListSnapshot<Note>>()
        let subscription = await cache.cachedList("notes").observe(observed.onChange)
        #expect(observed.values.last?.count == 0)

        await cache.replace("notes", with: [Note(1), Note(2)])
        #expect(rows(observed.values.last) == [Note(1), Note(2)])
        await cache.append([Note(3), Note(4)], to: "notes")
        #expect(rows(observed.values.last) == [Note(1), Note(2), Note(3), Note(4)])
        await cache.prepend([Note(9)], to: "notes")
        #expect(rows(observed.values.last) == [Note(9), Note(1), Note(2), Note(3), Note(4)])
        await cache.store(Note(3, "edited"))
        #expect(rows(observed.values.last) == [Note(9), Note(1), Note(2), Note(3, "edited"), Note(4)])
        await cache.remove(id: 1)
        #expect(rows(observed.values.last) == [Note(9), Note(2), Note(3, "edited"), Note(4)])
        await cache.append([Note(2, "moved")], to: "notes")
        #expect(rows(observed.values.last) == [Note(9), Note(3, "edited"), Note(4), Note(2, "moved")])
        await cache.prepend([Note(4)], to: "notes")
        #expect(rows(observed.values.last) == [Note(4), Note(9), Note(3, "edited"), Note(2, "moved")])
        await cache.replace("notes", with: [Note(5)])
        #expect(rows(observed.values.last) == [Note(5)])
        #expect(await cache.items(in: "notes") == [Note(5)], "the snapshot and a read of the list agree")
        subscription.cancel()
    }

    @Test(
        "given an observed list, when it is replaced by the same items, then every row keeps its version (a refresh that brings nothing new); when one differs, only its row changes",
        arguments: CacheImplementation.allCases)
    func sameItemsKeepTheirVersions(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<ListSnapshot<Note>>()
        let subscription = await cache.cachedList("notes").observe(observed.onChange)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])
        let before = versions(observed.values.last)

        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])
        let again = versions(observed.values.last)
        await cache.replace("notes", with: [Note(1), Note(2, "edited"), Note(3)])
        let edited = versions(observed.values.last)

        #expect(again == before)
        #expect(edited[0] == before[0] && edited[2] == before[2])
        #expect(edited[1] != before[1])
        subscription.cancel()
    }

    @Test(
        "given an observed list, when a page is appended or one item edited, then only those rows have new versions",
        arguments: CacheImplementation.allCases)
    func versionsChangeForChangedRowsOnly(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<ListSnapshot<Note>>()
        let subscription = await cache.cachedList("notes").observe(observed.onChange)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])
        let before = versions(observed.values.last)

        await cache.append([Note(4)], to: "notes")
        let appended = versions(observed.values.last)
        #expect(Array(appended.prefix(3)) == before, "the rows that were there keep their versions")
        #expect(appended.count == 4)

        await cache.store(Note(2, "edited"))
        let edited = versions(observed.values.last)
        #expect(edited[0] == appended[0] && edited[2] == appended[2] && edited[3] == appended[3])
        #expect(edited[1] != appended[1], "the edited row has a new version")

        await cache.store(Note(7))
        #expect(versions(observed.values.last) == edited, "an item outside the list changes no row")
        subscription.cancel()
    }

    @Test(
        "given a snapshot of a list, when the items at its top or its end are put there again, then the snapshot still reads every row, and the list did not move",
        arguments: [CacheImplementation.sqliteInMemory, .sqliteFile])
    func itemsAddedWhereTheyAreKeepTheirRows(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<ListSnapshot<Note>>()
        let subscription = await cache.cachedList("notes").observe(observed.onChange)
        await cache.replace("notes", with: [Note(1), Note(2), Note(3)])
        await cache.prepend([Note(9)], to: "notes")
        let held = try #require(observed.values.last)
        let sent = observed.values.count

        await cache.prepend([Note(9)], to: "notes")
        await cache.append([Note(2), Note(3)], to: "notes")

        #expect(rows(held) == [Note(9), Note(1), Note(2), Note(3)], "a view reading the snapshot it holds finds every row")
        #expect(observed.values.count == sent, "nothing changed, so no new snapshot")
        await cache.prepend([Note(2)], to: "notes")
        #expect(rows(observed.values.last) == [Note(2), Note(9), Note(1), Note(3)], "an item from elsewhere still moves to the top")
        await cache.prepend([Note(2, "edited")], to: "notes")
        #expect(rows(observed.values.last) == [Note(2, "edited"), Note(9), Note(1), Note(3)], "one already on top is stored as given")
        subscription.cancel()
    }

    @Test(
        "given a long observed list, when a page is appended, then the new snapshot reads that page and keeps the rows before it",
        arguments: [CacheImplementation.sqliteInMemory, .sqliteFile])
    func longListPages(_ implementation: CacheImplementation) async throws {
        let cache = try implementation.makeNotes(in: folder)
        let observed = ObservedValues<ListSnapshot<Note>>()
        let subscription = await cache.cachedList("notes").observe(observed.onChange)
        await cache.replace("notes", with: (1...20).map { Note($0) })
        for page in 1..<50 {
            await cache.append((page * 20 + 1...page * 20 + 20).map { Note($0) }, to: "notes")
        }

        let last = try #require(observed.values.last)
        #expect(last.count == 1_000)
        #expect(last.item(at: 0) == Note(1))
        #expect(last.item(at: 999) == Note(1_000))
        #expect(last.item(at: 500) == Note(501))
        #expect(Set(versions(last)).count == 1_000, "every row has its own version")
        subscription.cancel()
    }
}
