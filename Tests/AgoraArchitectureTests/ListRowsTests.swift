import AgoraArchitecture
import Testing

@Suite("ListRows: the rows a list screen shows, a window of a long list")
struct ListRowsTests {
    @Test("given a list held whole, then its indices are every row, from 0")
    func whole() {
        let rows: ListRows = ["a", "b", "c"]

        #expect(rows.indices == 0..<3)
        #expect(rows.totalCount == 3)
        #expect(rows.isWhole)
        #expect(Array(rows) == ["a", "b", "c"])
        #expect(rows.description == #"["a", "b", "c"]"#)
    }

    @Test("given a window of a long list, then its indices are the rows' numbers in the whole list")
    func window() {
        let rows = ListRows(["k", "l"], from: 10, totalCount: 500)

        #expect(rows.indices == 10..<12)
        #expect(rows[10] == "k" && rows[11] == "l")
        #expect(rows.totalCount == 500)
        #expect(!rows.isWhole)
        #expect(rows.description == "rows 10..<12 of 500")
    }

    @Test("two windows are equal only with the same rows at the same place of lists of the same length")
    func equality() {
        #expect(ListRows(["a"], from: 1, totalCount: 3) == ListRows(["a"], from: 1, totalCount: 3))
        #expect(ListRows(["a"], from: 1, totalCount: 3) != ListRows(["a"], from: 2, totalCount: 3))
        #expect(ListRows(["a"], from: 1, totalCount: 3) != ListRows(["a"], from: 1, totalCount: 4))
    }
}
