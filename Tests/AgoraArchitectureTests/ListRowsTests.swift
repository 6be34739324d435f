import AgoraArchitecture
import Synchronization
import Testing

/// Rows made on demand from a snapshot: equal without making rows, versions that follow the
/// rows and what they depend on.
@Suite("ListRows: rows of a snapshot, made when read")
struct ListRowsTests {
    /// How many items a snapshot read.
    final class Reads: Sendable {
        private let value = Atomic(0)
        var count: Int { value.load(ordering: .relaxed) }
        func add() { value.add(1, ordering: .relaxed) }
    }

    /// A snapshot that reads its items "from the cache", counting the reads.
    func snapshot(_ items: [Int], reads: Reads) -> ListSnapshot<Int> {
        ListSnapshot(versions: items.map { $0 * 10 }) { index in
            reads.add()
            return items[index]
        }
    }

    @Test("given a snapshot and leading rows, then the rows are the leading ones, then one per item, made when read")
    func rowsInOrder() {
        let reads = Reads()
        let rows = ListRows(
            leading: ["draft"], list: snapshot([1, 2, 3], reads: reads), context: 0, row: { "item \($0)" },
            unavailable: { "gone \($0)" })

        #expect(reads.count == 0, "making the rows reads nothing")
        #expect(rows.count == 4)
        #expect(rows[2] == "item 2")
        #expect(reads.count == 1)
        #expect(Array(rows) == ["draft", "item 1", "item 2", "item 3"])
    }

    @Test("given two rows of equal snapshots, then they are equal without a read; a new context or leading row makes them differ")
    func equality() {
        let reads = Reads()
        func rows(_ leading: [String], context: Int) -> ListRows<String> {
            ListRows(leading: leading, list: snapshot([1, 2], reads: reads), context: context, row: { "\($0)" }, unavailable: { _ in "" })
        }

        #expect(rows([], context: 1) == rows([], context: 1))
        #expect(rows([], context: 1) != rows([], context: 2))
        #expect(rows(["draft"], context: 1) != rows([], context: 1))
        #expect(reads.count == 0)
    }

    @Test("given a context change, then every list row has a new version and leading rows keep theirs")
    func versionsFollowContext() {
        let reads = Reads()
        let before = ListRows(leading: ["draft"], list: snapshot([1, 2], reads: reads), context: "alice", row: { "\($0)" }, unavailable: { _ in "" })
        let after = ListRows(leading: ["draft"], list: snapshot([1, 2], reads: reads), context: "bob", row: { "\($0)" }, unavailable: { _ in "" })

        #expect(before.version(at: 0) == after.version(at: 0))
        #expect(before.version(at: 1) != after.version(at: 1))
        #expect(before.version(at: 2) != after.version(at: 2))
        #expect(before.version(at: 1) != before.version(at: 2))
    }

    @Test("given an item that left the cache, then its row is the unavailable one")
    func unavailableRow() {
        let snapshot = ListSnapshot<Int>(versions: [1, 2]) { $0 == 0 ? 5 : nil }
        let rows = ListRows(list: snapshot, context: 0, row: { "item \($0)" }, unavailable: { "gone \($0)" })

        #expect(Array(rows) == ["item 5", "gone 1"])
    }
}
