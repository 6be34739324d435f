/// The known words closest to a mistyped one, for "did you mean …?".
enum Suggestions {
    static func nearest(to word: String, among candidates: [String], limit: Int = 2) -> [String] {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0)) }
        let close = scored.filter { $0.1 <= max(1, $0.0.count / 3) || $0.0.hasPrefix(word.lowercased()) && !word.isEmpty }
        return close.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance (edits to turn one word into the other).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
