import AgoraAPI
import Foundation

/// The keyset the mock uses to continue a list: a time and the id of the last item seen,
/// written `<tag>.<unix seconds>.<id>` (`e.` events, `c.` comments, `a.` activities). A keyset,
/// not an offset, so items inserted before the cursor do not shift the next page.
struct KeysetCursor: CustomStringConvertible, Comparable {
    let tag: String
    let seconds: Int
    let id: Int

    init(tag: String, date: Date, id: Int) {
        self.tag = tag
        seconds = Int(date.timeIntervalSince1970.rounded(.down))
        self.id = id
    }

    /// Parses a cursor of kind `tag`; `nil` for anything this mock did not issue.
    ///
    /// Three parts separated by exactly two dots, found on the UTF-8 view rather than by
    /// `split`: every deep page parses one, and the array `split` allocates, with its
    /// substrings, was most of what a deep page cost beyond page 1.
    init?(_ text: String, tag: String) {
        let utf8 = text.utf8
        let dot = UInt8(ascii: ".")
        guard let first = utf8.firstIndex(of: dot),
            let second = utf8[utf8.index(after: first)...].firstIndex(of: dot),
            !utf8[utf8.index(after: second)...].contains(dot),
            text[..<first] == tag,
            let seconds = Int(text[utf8.index(after: first)..<second]),
            let id = Int(text[utf8.index(after: second)...])
        else {
            return nil
        }
        self.tag = tag
        self.seconds = seconds
        self.id = id
    }

    /// Whether the key (`seconds`, `id`) comes before this cursor: what ``<`` answers, without
    /// making a cursor for the key.
    func follows(seconds: Int, id: Int) -> Bool {
        (seconds, id) < (self.seconds, self.id)
    }

    var description: String { "\(tag).\(seconds).\(id)" }

    static func < (lhs: KeysetCursor, rhs: KeysetCursor) -> Bool {
        (lhs.seconds, lhs.id) < (rhs.seconds, rhs.id)
    }
}

extension KeysetCursor {
    /// Reads a client's cursor of kind `tag`; `nil` asks for the first page.
    static func parse(_ text: String?, tag: String) throws(ServiceError) -> KeysetCursor? {
        guard let text else { return nil }
        guard let cursor = KeysetCursor(text, tag: tag) else {
            throw .invalidInput(field: "cursor", reason: "not a cursor this server issued")
        }
        return cursor
    }

    /// Checks a page size against what the API allows.
    static func checkLimit(_ limit: Int) throws(ServiceError) {
        guard (1...100).contains(limit) else {
            throw .invalidInput(field: "limit", reason: "expected 1...100, got \(limit)")
        }
    }
}
