import Foundation

/// Login failures per key (an account, an address, or both) over a sliding window, oldest first.
///
/// Each entry carries the id of the try that made it. A try is entered as *pending* before its
/// outcome is known, and is then either taken back (``remove(_:from:)``) or confirmed as a
/// failure (``confirm(_:in:)``). Only confirmed failures count towards a limit's wait; pending
/// ones only make the next try wait for their outcome (``count(of:)``), so right passwords sent
/// at once are not refused for failures that never happen.
struct FailureWindow<Key: Hashable> {
    private struct Entry {
        let id: UInt64
        let date: Date
        var pending: Bool
    }

    private var entries: [Key: [Entry]] = [:]

    /// Counts try `id` against `key` at `date`, pending until its outcome is known.
    mutating func add(_ id: UInt64, to key: Key, at date: Date) {
        entries[key, default: []].append(Entry(id: id, date: date, pending: true))
    }

    /// Takes try `id` back from `key`.
    mutating func remove(_ id: UInt64, from key: Key) {
        guard var kept = entries[key] else { return }
        kept.removeAll { $0.id == id }
        entries[key] = kept.isEmpty ? nil : kept
    }

    /// Try `id` failed: it counts towards `key`'s limit from now on.
    mutating func confirm(_ id: UInt64, in key: Key) {
        guard let index = entries[key]?.firstIndex(where: { $0.id == id }) else { return }
        entries[key]?[index].pending = false
    }

    /// Forgets every confirmed failure of `key`; tries still pending stay.
    mutating func forget(_ key: Key) {
        let pending = entries[key]?.filter(\.pending) ?? []
        entries[key] = pending.isEmpty ? nil : pending
    }

    /// Confirmed failures and pending tries of `key`, as left by the last ``wait(for:limit:window:now:)``.
    func count(of key: Key) -> Int {
        entries[key]?.count ?? 0
    }

    /// The wait, in whole seconds (at least 1), until fewer than `limit` confirmed failures of
    /// `key` are within `window` of `now`; `nil` when there are fewer already. Drops the expired
    /// ones; a pending try never expires while it is in flight.
    mutating func wait(for key: Key, limit: Int, window: TimeInterval, now: Date) -> Int? {
        let oldest = now.addingTimeInterval(-window)
        guard let all = entries[key] else { return nil }
        let current = all.filter { $0.pending || $0.date > oldest }
        entries[key] = current.isEmpty ? nil : current
        let failures = current.filter { !$0.pending }
        guard failures.count >= limit else { return nil }
        // Entries are in time order: the one whose expiry brings the count under the limit.
        let freeing = failures[failures.count - limit]
        return max(1, Int((freeing.date.timeIntervalSince(now) + window).rounded(.up)))
    }

    /// Drops every key whose failures have all expired, so memory holds one window's failures.
    mutating func sweep(window: TimeInterval, now: Date) {
        let oldest = now.addingTimeInterval(-window)
        entries = entries.compactMapValues { entries in
            let kept = entries.filter { $0.pending || $0.date > oldest }
            return kept.isEmpty ? nil : kept
        }
    }
}
