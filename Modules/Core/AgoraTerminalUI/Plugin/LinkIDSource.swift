/// Where the ids one kind of link takes are at hand without asking a server: TAB after `open`
/// offers them where such an id is being typed (`open agora://events/` → the cached events').
@MainActor
public struct LinkIDSource {
    /// The link's path before the id: `events` for `agora://events/{id}`.
    public let path: String
    /// Reads the ids now: a few, from a cache, never from a server.
    public let ids: @MainActor () async -> [Int]

    public init(path: String, ids: @escaping @MainActor () async -> [Int]) {
        self.path = path
        self.ids = ids
    }
}
