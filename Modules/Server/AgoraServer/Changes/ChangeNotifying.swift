/// A store that says when a change is recorded, on any server, as the change commits: the
/// streams of changes then read it at once rather than at their next check.
protocol ChangeNotifying: Sendable {
    /// Calls `changed` each time changes commit, on any server, until the calling task is
    /// cancelled; throws when it cannot listen (the database is away). A notification may be
    /// lost while nobody listens, so what is read is read from the store, never from this.
    func listenForChanges(_ changed: @escaping @Sendable () -> Void) async throws
}
