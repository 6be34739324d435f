/// One page of a cursor-paginated list.
///
/// `nextCursor` is opaque to clients: it is whatever the server needs to continue after the last
/// item (a keyset, not an offset). `nil` means there is nothing after this page.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
extension Page: Codable where Item: Codable {}
