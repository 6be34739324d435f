import Synchronization

/// A number that grows with every write the store commits, so a copy of something read from the
/// store (an encoded page) can tell whether it may still be served.
final class StoreGeneration: Sendable {
    private let value = Atomic<UInt64>(0)

    /// The current generation.
    var current: UInt64 { value.load(ordering: .acquiring) }

    /// Called after a write committed.
    func advance() {
        value.add(1, ordering: .releasing)
    }
}
