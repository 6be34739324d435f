/// The resolver handed to factories: a container, the key whose factory receives it, and the
/// context of the resolution that asked for that key. The chain of contexts is the path of the
/// resolution in progress, a list linked from the innermost key outwards.
///
/// The path travels in this value rather than in a task-local or thread-local, so it stays
/// correct whichever thread or task runs the factory, and cycle detection is a walk up a list
/// the caller already has. One is made only when a factory is about to run (fetching a cached
/// instance makes none), and a nested resolve extends its parent's path by one node instead of
/// copying an array.
///
/// A class rather than a struct holding a path node: a factory receives it as `any Resolver`,
/// and one reference in that existential is one allocation and one retain per factory run,
/// where a struct of a container and a path node cost a node allocation and two retains.
///
/// A factory should use its resolver only while it runs. A resolver kept for later would
/// carry a stale path; inject the ``Container`` itself where lazy resolution is needed.
final class ResolutionContext: Resolver {
    /// The container nested resolves start from; `Container.resolve(_:name:path:)` decides which one.
    let container: Container

    /// The key whose factory received this context: the innermost key of the path.
    let key: ServiceKey

    /// The resolution that asked for `key`, or `nil` when `key` was resolved directly.
    let parent: ResolutionContext?

    /// Told each step of the resolution, when `Container.resolveRecorded(_:)` started it; `nil`
    /// otherwise, so an ordinary resolve pays one check.
    let recorder: ResolutionRecorder?

    /// A 64-bit filter of the keys on the path: each key sets one bit (``ServiceKey/filterBit``).
    /// A key whose bit is clear is certainly not on the path, which answers almost every
    /// ``contains(_:)`` without walking the list.
    private let keysOnPath: UInt64

    init(container: Container, key: ServiceKey, parent: ResolutionContext?, recorder: ResolutionRecorder? = nil) {
        self.container = container
        self.key = key
        self.parent = parent
        self.recorder = recorder
        keysOnPath = (parent?.keysOnPath ?? 0) | key.filterBit
    }

    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try container.resolve(type, name: name, path: self)
    }

    /// The keys, outermost first, as errors report them.
    var keys: [ServiceKey] {
        var keys: [ServiceKey] = []
        var node: ResolutionContext? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }

    /// Whether `key` is being resolved already, which asking for it again would make a cycle.
    ///
    /// Asked on every nested resolve, so it is answered by the path's filter when it can: a
    /// path is as deep as a dependency graph, a handful of keys, so a clear bit is the usual
    /// answer. Only when the bit is set (the key is on the path, or shares its bit with one
    /// that is) is the list walked.
    func contains(_ key: ServiceKey) -> Bool {
        keysOnPath & key.filterBit != 0 && isOnPath(key)
    }

    /// Whether `key` is this context's key or on its parent's path: the exact answer, by a walk.
    private func isOnPath(_ key: ServiceKey) -> Bool {
        if self.key == key { return true }
        guard let parent else { return false }
        return parent.isOnPath(key)
    }

    /// The cycle that asking for `key` again closes: from `key` inwards, then `key`, as in `[A, B, C, A]`.
    func cycle(closedBy key: ServiceKey) -> [ServiceKey] {
        let keys = keys
        let start = keys.firstIndex(of: key) ?? keys.startIndex
        return Array(keys[start...]) + [key]
    }
}

extension ResolutionContext? {
    /// The keys, outermost first; empty for a direct resolve.
    var keys: [ServiceKey] {
        self?.keys ?? []
    }
}
