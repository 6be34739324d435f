import AgoraAPI
import AgoraModels

extension Page {
    /// A page of `items` read from the wire, for a request of at most `limit` items.
    ///
    /// A page longer than the request allowed is refused as ``ServiceError/undecodable(_:)``:
    /// agora-server never sends one, and a server that does could make the app hold and draw as
    /// many items as the reply's size limit lets it.
    init<Wire>(wire items: [Wire], nextCursor: String?, limit: Int32, _ item: (Wire) -> Item) throws(ServiceError) {
        guard items.count <= Int(limit) else {
            throw .undecodable("the server sent \(items.count) items for a page of at most \(limit)")
        }
        self.init(items: items.map(item), nextCursor: nextCursor)
    }
}
