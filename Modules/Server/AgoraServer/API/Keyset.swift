/// Where a page of a list continues: the sort time (whole seconds since 1970) and id of the last
/// item of the page before.
///
/// Written `<kind>.<seconds>.<id>` — `e.` events, `c.` comments, `a.` activities — the same
/// opaque strings OSS mode issues. A keyset, not an offset: the next page is an index seek to
/// this key, so page 50,000 costs what page 1 costs, and rows inserted meanwhile do not shift it.
struct Keyset: Hashable, Sendable, CustomStringConvertible {
    /// Which list a cursor belongs to; a cursor of one list is refused by another.
    enum Kind: String, Sendable {
        case events = "e"
        case comments = "c"
        case activities = "a"
    }

    let kind: Kind
    let seconds: Int64
    let id: Int64

    var description: String { "\(kind.rawValue).\(seconds).\(id)" }

    /// Reads a client's `cursor`: `nil` for the first page, a 400 naming `cursor` for anything
    /// this server would not have issued for this list.
    static func parse(_ cursor: String?, kind: Kind) throws(APIError) -> Keyset? {
        guard let cursor else { return nil }
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == kind.rawValue, let seconds = Int64(parts[1]), let id = Int64(parts[2]),
            id >= 1
        else {
            throw .invalidField("cursor", "Not a cursor this server issued for this list; pass back a page's nextCursor.")
        }
        return Keyset(kind: kind, seconds: seconds, id: id)
    }
}

/// A page size from the `limit` query item: 20 when absent, 1...100 otherwise.
enum PageLimit {
    static let `default` = 20

    static func parse(_ limit: Int32?) throws(APIError) -> Int {
        guard let limit else { return Self.default }
        guard ParameterValidationMiddleware.limits.contains(Int(limit)) else {
            throw .invalidField("limit", "Expected an integer in 1...100, got \(limit).")
        }
        return Int(limit)
    }
}
