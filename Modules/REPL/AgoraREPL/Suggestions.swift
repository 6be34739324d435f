/// The known words closest to a mistyped one, for "did you mean …?".
enum Suggestions {
    static func nearest(to word: String, among candidates: [String], limit: Int = 2) -> [String] {
        let typed = word.lowercased()
        let close = candidates.map { ($0, distance(typed, $0)) }.filter { candidate, distance in
            distance <= max(1, candidate.count / 3) || (!typed.isEmpty && candidate.hasPrefix(typed))
        }
        return close.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Edits to turn one word into the other, a swap of two neighbours counting as one
    /// (optimal string alignment distance): "mroe" is one edit from "more".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64))
        let b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
