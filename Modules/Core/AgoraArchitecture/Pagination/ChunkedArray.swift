/// An array that is cheap to copy, to grow and to change one element of: its elements live in
/// fixed-size chunks that copies share, so a copy changed or grown copies one chunk, not the
/// whole array.
///
/// What this teaches: a value that an observation hands to a screen every page, and then grows
/// by a page, is shared by both sides. With a plain `Array` every page would copy the whole
/// list's numbers (copy-on-write) and free the old copy when the screen moved on: time and peak
/// memory in proportion to the list, on every page. Here the screen's copy and the
/// observation's share every full chunk, and growing copies the last one.
package struct ChunkedArray<Element: Sendable & Equatable>: RandomAccessCollection, Sendable {
    /// Elements per chunk: 32 KiB of `Int`s, under the allocator's large-block threshold.
    static var chunkSize: Int { 4_096 }

    /// One chunk's elements; never changed once made, so copies can share it.
    final class Chunk: Sendable {
        let elements: [Element]

        init(_ elements: [Element]) {
            self.elements = elements
        }
    }

    /// Every chunk full but the last.
    private var chunks: [Chunk] = []
    package private(set) var count = 0

    package init() {}

    package init(_ elements: some Sequence<Element>) {
        append(contentsOf: elements)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            return chunks[index / Self.chunkSize].elements[index % Self.chunkSize]
        }
        set {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            let chunk = index / Self.chunkSize
            var elements = chunks[chunk].elements
            elements[index % Self.chunkSize] = newValue
            chunks[chunk] = Chunk(elements)
        }
    }

    /// Adds `newElements` at the end, copying only the last chunk.
    package mutating func append(contentsOf newElements: some Sequence<Element>) {
        var pending = Array(newElements)[...]
        guard !pending.isEmpty else { return }
        count += pending.count
        if let last = chunks.last, last.elements.count < Self.chunkSize {
            let room = Self.chunkSize - last.elements.count
            chunks[chunks.count - 1] = Chunk(last.elements + pending.prefix(room))
            pending = pending.dropFirst(room)
        }
        while !pending.isEmpty {
            chunks.append(Chunk(Array(pending.prefix(Self.chunkSize))))
            pending = pending.dropFirst(Self.chunkSize)
        }
    }

    /// Puts `newElements` before the first element; every chunk is made again (a rare change:
    /// a comment posted on top of its thread).
    package mutating func prepend(contentsOf newElements: some Sequence<Element>) {
        self = ChunkedArray(Array(newElements) + Array(self))
    }
}

extension ChunkedArray {
    /// How many elements at the start both arrays have equal, comparing the chunks they share
    /// by identity: for an array grown from `other`, the chunks' count plus one chunk.
    package func commonPrefixCount(with other: Self) -> Int {
        var common = 0
        for (left, right) in zip(chunks, other.chunks) {
            if left === right {
                common += left.elements.count
                continue
            }
            let same = zip(left.elements, right.elements).prefix { $0 == $1 }.count
            return common + same
        }
        return common
    }
}

extension ChunkedArray: Equatable {
    /// Equal elements in order; chunks both share are not compared element by element.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs.chunks, rhs.chunks) where left !== right && left.elements != right.elements {
            return false
        }
        return true
    }
}
