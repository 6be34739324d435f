import Hummingbird
import Synchronization

/// Encoded answers to anonymous reads, kept until the next write.
///
/// Listing events is most of what clients ask, and most of its cost was the same work each time:
/// reading 20 rows and encoding them as JSON (about a millisecond together, against 0.15 ms for
/// `/health`). An answer is stored with the store's generation and served while no write has
/// happened since; any write makes every stored answer stale at once, so there is nothing to
/// invalidate by key and no answer can outlive the data it shows.
final class ReadCache: Sendable {
    /// One stored answer.
    struct Entry: Sendable {
        let generation: UInt64
        let body: ByteBuffer
        let etag: String
        let contentType: String
    }

    /// How many answers are kept; when full, all are dropped (they all go at the next write
    /// anyway), which bounds memory to this many pages.
    static let capacity = 256

    private let entries = Mutex<[String: Entry]>([:])
    private let generation: StoreGeneration

    init(generation: StoreGeneration) {
        self.generation = generation
    }

    /// The store's generation now, to stamp an answer being made.
    var currentGeneration: UInt64 { generation.current }

    /// The answer stored for `key`, when no write happened since it was made.
    func entry(for key: String) -> Entry? {
        let current = generation.current
        return entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard entry.generation == current else {
                entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Stores an answer made at `generation`; one made before a write that has since happened
    /// is not stored.
    func store(_ entry: Entry, for key: String) {
        guard entry.generation == generation.current else { return }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
