import AgoraModels

/// An ``EventsCache`` that lives as long as the process: the OSS-mode cache and the one tests use.
public actor InMemoryEventsCache: EventsCache {
    private var list: [Event] = []
    private var byID: [Event.ID: Event] = [:]

    public init() {}

    public func events() -> [Event] { list }

    public func replaceEvents(with events: [Event]) {
        list = events
        for event in events { byID[event.id] = event }
    }

    public func appendEvents(_ events: [Event]) {
        let incoming = Set(events.map(\.id))
        list.removeAll { incoming.contains($0.id) }
        list.append(contentsOf: events)
        for event in events { byID[event.id] = event }
    }

    public func event(id: Event.ID) -> Event? { byID[id] }

    public func storeEvent(_ event: Event) {
        byID[event.id] = event
        if let index = list.firstIndex(where: { $0.id == event.id }) { list[index] = event }
    }
}
