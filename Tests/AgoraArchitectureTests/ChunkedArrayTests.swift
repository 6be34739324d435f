import AgoraArchitecture
import Testing

/// An array in shared chunks: it reads as the array it was given, whatever grew or changed it.
@Suite("ChunkedArray: an array whose copies share their chunks")
struct ChunkedArrayTests {
    @Test("given elements appended across chunk boundaries, then it reads as the same array")
    func appendsAcrossChunks() {
        var chunked = ChunkedArray(0..<4_000)
        chunked.append(contentsOf: 4_000..<9_000)
        chunked.append(contentsOf: [Int]())

        #expect(chunked.count == 9_000)
        #expect(Array(chunked) == Array(0..<9_000))
    }

    @Test("given a copy changed at one place or put before, then the copy reads changed and the original does not")
    func copiesAreValues() {
        let original = ChunkedArray(0..<10_000)
        var changed = original
        changed[5_000] = -1
        var topped = original
        topped.prepend(contentsOf: [-2, -3])

        #expect(original[5_000] == 5_000)
        #expect(changed[5_000] == -1 && changed.count == 10_000)
        #expect(Array(topped.prefix(3)) == [-2, -3, 0] && topped.count == 10_002)
        #expect(changed != original)
        #expect(ChunkedArray(0..<10_000) == original)
    }

    @Test("given an array grown from another, then their common prefix is the other's length; a change shortens it")
    func commonPrefix() {
        let before = ChunkedArray(0..<9_000)
        var grown = before
        grown.append(contentsOf: 9_000..<9_020)
        var edited = grown
        edited[100] = -1

        #expect(grown.commonPrefixCount(with: before) == 9_000)
        #expect(edited.commonPrefixCount(with: grown) == 100)
        #expect(ChunkedArray(0..<5).commonPrefixCount(with: ChunkedArray([0, 1, 9])) == 2)
    }
}
