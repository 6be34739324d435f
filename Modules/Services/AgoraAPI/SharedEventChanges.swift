import AgoraModels
import Synchronization

/// One follower of each event for a whole process, whatever number of apps follow it: agora-web's
/// sessions, each an app of its own, share one stream per event to agora-server, as they share
/// its connections, so the server sees one client however many visitors read the event.
public final class SharedEventChanges: EventChangesFollowing {
    private struct Followed {
        /// Which following of the event this is: one that ends never finishes a later one's streams.
        var generation = 0
        var streams: [Int: AsyncStream<EventChange>.Continuation] = [:]
        var reading: Task<Void, Never>?
    }

    private struct State {
        var next = 0
        var events: [Event.ID: Followed] = [:]
    }

    private let source: any EventChangesFollowing
    private let state = Mutex(State())

    /// - Parameter source: what follows each event once (live mode's `LiveEventChanges`).
    public init(source: any EventChangesFollowing) {
        self.source = source
    }

    public func changes(of eventID: Event.ID) -> AsyncStream<EventChange> {
        // Unbounded: each follower writes what arrives into a cache at once, and the source
        // bounds what it holds.
        let (changes, continuation) = AsyncStream.makeStream(of: EventChange.self)
        let number = state.withLock { state in
            state.next += 1
            state.events[eventID, default: Followed()].streams[state.next] = continuation
            if state.events[eventID]?.reading == nil {
                let generation = state.next
                state.events[eventID]?.generation = generation
                state.events[eventID]?.reading = Task { [weak self, source] in
                    for await change in source.changes(of: eventID) {
                        self?.hand(change, of: eventID)
                    }
                    self?.finish(eventID, generation: generation)
                }
            }
            return state.next
        }
        continuation.onTermination = { [weak self] _ in self?.end(number, of: eventID) }
        return changes
    }

    /// How many events are followed at the source now.
    public var followedEvents: Int {
        state.withLock { $0.events.count }
    }

    private func hand(_ change: EventChange, of eventID: Event.ID) {
        let streams = state.withLock { $0.events[eventID].map { Array($0.streams.values) } ?? [] }
        for stream in streams { stream.yield(change) }
    }

    /// The source ended (the event is gone): so does every stream of the event.
    private func finish(_ eventID: Event.ID, generation: Int) {
        let streams = state.withLock { state -> [AsyncStream<EventChange>.Continuation] in
            guard let followed = state.events[eventID], followed.generation == generation else { return [] }
            state.events[eventID] = nil
            return Array(followed.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    private func end(_ number: Int, of eventID: Event.ID) {
        let reading = state.withLock { state -> Task<Void, Never>? in
            state.events[eventID]?.streams[number] = nil
            guard state.events[eventID]?.streams.isEmpty == true else { return nil }
            defer { state.events[eventID] = nil }
            return state.events[eventID]?.reading
        }
        reading?.cancel()
    }
}
