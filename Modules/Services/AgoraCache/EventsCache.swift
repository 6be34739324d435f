import AgoraModels

/// Where the Events UseCase keeps what it fetched, so a screen can show it at once next time
/// (Eight's UseCases cache in Realm; Agora's in SQLite in live mode, in memory here).
public protocol EventsCache: Sendable {
    /// The cached upcoming-events list, in list order.
    func events() async -> [Event]
    /// Replaces the list with a fresh first page.
    func replaceEvents(with events: [Event]) async
    /// Adds a further page to the end of the list, replacing rows that were already cached.
    func appendEvents(_ events: [Event]) async
    /// One cached event, from the list or from an earlier detail fetch.
    func event(id: Event.ID) async -> Event?
    /// Stores one event fetched on its own (a detail screen), updating the list row if present.
    func storeEvent(_ event: Event) async
}
