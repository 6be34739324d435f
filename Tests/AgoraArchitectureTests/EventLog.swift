/// What happened, in order, across several outputs: a test asserts the order in which they
/// changed (a page's items after whether more pages follow), which one ``Recorder`` per output
/// cannot show.
@MainActor
final class EventLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    /// Forgets what was logged, to assert only on what happens next.
    func clear() {
        entries.removeAll()
    }
}
