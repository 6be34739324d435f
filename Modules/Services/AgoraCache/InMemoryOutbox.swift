/// An ``Outbox`` that lives as long as the process: the one tests use (a "restart" in a test is
/// a new ViewModel over the same outbox). Same semantics as the SQLite outbox.
public actor InMemoryOutbox<Entry: Codable & Identifiable & Sendable>: Outbox where Entry.ID: Codable & Sendable {
    private var kept: [Entry] = []

    public init(_ entries: [Entry] = []) {
        kept = entries
    }

    public func add(_ entry: Entry) {
        if let index = kept.firstIndex(where: { $0.id == entry.id }) {
            kept[index] = entry
        } else {
            kept.append(entry)
        }
    }

    public func entries() -> [Entry] { kept }

    public func remove(id: Entry.ID) {
        kept.removeAll { $0.id == id }
    }
}
