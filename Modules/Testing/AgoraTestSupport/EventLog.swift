/// What happened, in order, across several outputs: a test asserts the order in which they
/// changed (a page's items after whether more pages follow), which one ``Recorder`` per output
/// cannot show.
@MainActor
public final class EventLog {
    public private(set) var entries: [String] = []

    public init() {}

    public func append(_ entry: String) {
        entries.append(entry)
    }

    /// Forgets what was logged, to assert only on what happens next.
    public func clear() {
        entries.removeAll()
    }
}
