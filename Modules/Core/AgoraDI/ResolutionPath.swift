/// The keys of the resolution in progress, as a list linked from the innermost key outwards.
///
/// A nested resolve extends its parent's path by one node instead of copying an array, and a
/// node is made only when a factory is about to run: fetching a cached instance adds nothing.
final class ResolutionPath: Sendable {
    /// The key whose factory is running.
    let key: ServiceKey

    /// The path that asked for `key`, or `nil` when `key` was resolved directly.
    let parent: ResolutionPath?

    init(_ key: ServiceKey, parent: ResolutionPath?) {
        self.key = key
        self.parent = parent
    }

    /// The keys, outermost first, as errors report them.
    var keys: [ServiceKey] {
        var keys: [ServiceKey] = []
        var node: ResolutionPath? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }

    /// Whether `key` is being resolved already, which asking for it again would make a cycle.
    ///
    /// A walk up the list: paths are as deep as a dependency graph, a handful of keys.
    func contains(_ key: ServiceKey) -> Bool {
        var node: ResolutionPath? = self
        while let current = node {
            if current.key == key { return true }
            node = current.parent
        }
        return false
    }

    /// The cycle that asking for `key` again closes: from `key` inwards, then `key`, as in `[A, B, C, A]`.
    func cycle(closedBy key: ServiceKey) -> [ServiceKey] {
        let keys = keys
        let start = keys.firstIndex(of: key) ?? keys.startIndex
        return Array(keys[start...]) + [key]
    }
}

extension ResolutionPath? {
    /// The keys, outermost first; empty for a direct resolve.
    var keys: [ServiceKey] {
        self?.keys ?? []
    }
}
