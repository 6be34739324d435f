import AgoraAPI
import AgoraModels
import Foundation

extension Page {
    /// One page of `items` (already in list order) after a keyset `cursor`, as the mock pages
    /// every list: a feature's own mock pages its fixtures with this one call.
    ///
    /// - Parameters:
    ///   - cursor: `nil` for the first page, else a cursor this function issued with `tag`.
    ///   - limit: the page size, `1...100` as the API allows.
    ///   - tag: the cursor's kind, a few letters of the feature's own (`t` for template items).
    ///   - key: the item's place in the order: a time and an id, ascending.
    /// - Throws: `ServiceError.invalidInput` naming `cursor` or `limit`.
    public static func keyset(
        of items: [Item], after cursor: String?, limit: Int, tag: String, key: (Item) -> (date: Date, id: Int)
    ) throws(ServiceError) -> Page<Item> {
        try KeysetCursor.checkLimit(limit)
        func cursorOf(_ item: Item) -> KeysetCursor {
            let key = key(item)
            return KeysetCursor(tag: tag, date: key.date, id: key.id)
        }
        var remaining = items[...]
        if let after = try KeysetCursor.parse(cursor, tag: tag) {
            remaining = remaining.drop { cursorOf($0) <= after }
        }
        let page = Array(remaining.prefix(limit))
        let next = remaining.count > limit ? page.last.map { cursorOf($0).description } : nil
        return Page(items: page, nextCursor: next)
    }
}
