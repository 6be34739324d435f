import Foundation

/// Login failures per key (an account, an address, or both) over a sliding window, oldest first.
///
/// Each entry carries the id of the try that made it, so a try counted before its outcome was
/// known can be taken back (``remove(_:from:)``) when it turns out not to be a failure.
struct FailureWindow<Key: Hashable> {
    private struct Entry {
        let id: UInt64
        let date: Date
    }

    private var entries: [Key: [Entry]] = [:]

    /// Counts try `id` against `key` at `date`.
    mutating func add(_ id: UInt64, to key: Key, at date: Date) {
        entries[key, default: []].append(Entry(id: id, date: date))
    }

    /// Takes try `id` back from `key`.
    mutating func remove(_ id: UInt64, from key: Key) {
        guard var kept = entries[key] else { return }
        kept.removeAll { $0.id == id }
        entries[key] = kept.isEmpty ? nil : kept
    }

    /// Forgets every failure of `key`.
    mutating func forget(_ key: Key) {
        entries[key] = nil
    }

    /// The wait, in whole seconds (at least 1), until fewer than `limit` failures of `key` are
    /// within `window` of `now`; `nil` when there are fewer already. Drops the expired ones.
    mutating func wait(for key: Key, limit: Int, window: TimeInterval, now: Date) -> Int? {
        let oldest = now.addingTimeInterval(-window)
        guard let all = entries[key] else { return nil }
        let current = Array(all.drop { $0.date <= oldest })
        entries[key] = current.isEmpty ? nil : current
        guard current.count >= limit else { return nil }
        // Entries are in time order: the one whose expiry brings the count under the limit.
        let freeing = current[current.count - limit]
        return max(1, Int((freeing.date.timeIntervalSince(now) + window).rounded(.up)))
    }

    /// Drops every key whose failures have all expired, so memory holds one window's failures.
    mutating func sweep(window: TimeInterval, now: Date) {
        let oldest = now.addingTimeInterval(-window)
        entries = entries.compactMapValues { failures in
            let kept = failures.drop { $0.date <= oldest }
            return kept.isEmpty ? nil : Array(kept)
        }
    }
}
