/// Which of a ViewModel's repeated requests is the latest, so that only its answer is shown: a
/// refresh that a newer one replaced may still answer, late, and must then change nothing.
///
/// Each request takes a ticket from ``next()``; anything else that makes the requests in flight
/// stale (an answer that supersedes them) calls ``next()`` too. An answer is kept only while its
/// ticket ``isCurrent(_:)``:
///
/// ```swift
/// let request = generation.next()
/// work.start { [weak self] in
///     let event = await fetcher.fetchEvent(id: id)
///     guard let self, generation.isCurrent(request) else { return }  // a newer request replaced it
///     show(event)
/// }
/// ```
public struct RequestGeneration: Sendable {
    /// One request's place in the sequence.
    public struct Ticket: Equatable, Sendable {
        fileprivate let number: Int
    }

    private var current = 0

    public init() {}

    /// Starts a new generation: the requests started before it are stale from now on.
    ///
    /// - Returns: the ticket of the request that starts it.
    @discardableResult
    public mutating func next() -> Ticket {
        current += 1
        return Ticket(number: current)
    }

    /// Whether `ticket` belongs to the latest generation: no request started since.
    public func isCurrent(_ ticket: Ticket) -> Bool {
        ticket.number == current
    }
}
