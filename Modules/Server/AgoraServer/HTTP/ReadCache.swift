import Hummingbird
import Synchronization

/// Encoded answers to reads, kept until the next write: a stranger's, shared by all strangers,
/// and a member's, kept for that member.
///
/// Listing events is most of what clients ask, and most of its cost was the same work each time:
/// reading 20 rows and encoding them as JSON (about a millisecond together, against 0.15 ms for
/// `/health`). An answer is stored with the store's generation and served while no write has
/// happened since; any write makes every stored answer stale at once, so there is nothing to
/// invalidate by key and no answer can outlive the data it shows. A shared store's generation
/// moves with every other process's writes too (``ServerStore/generation()``).
final class ReadCache: Sendable {
    /// One stored answer.
    struct Entry: Sendable {
        let generation: UInt64
        let body: ByteBuffer
        let etag: String
        let contentType: String
    }

    /// How many answers are kept; when full, all are dropped (they all go at the next write
    /// anyway), which bounds memory to this many pages (a page of 20 events is about 8 KiB).
    static let capacity = 1_024

    private let entries = Mutex<[String: Entry]>([:])
    /// Whose generation stamps the answers.
    private let source: any ServerStore

    init(store: any ServerStore) {
        source = store
    }

    /// The store's generation now, to stamp an answer being made.
    func currentGeneration() async throws -> UInt64 { try await source.generation() }

    /// The answer stored for `key`, when no write happened since it was made.
    ///
    /// - Parameter generation: the store's generation, when the caller has just read it.
    func entry(for key: String, generation: UInt64? = nil) async throws -> Entry? {
        let current: UInt64
        if let generation { current = generation } else { current = try await source.generation() }
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
    func store(_ entry: Entry, for key: String) async throws {
        guard entry.generation == (try await source.generation()) else { return }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
