import AgoraAPI
import AgoraModels
import Synchronization

/// The followers of events' changes in OSS mode: every change a ``MockBackend`` makes is told to
/// each stream following its event, as agora-server tells its streams.
final class MockChangeFollowers: Sendable {
    private struct State {
        var next = 0
        var streams: [Event.ID: [Int: AsyncStream<EventChange>.Continuation]] = [:]
    }

    private let state = Mutex(State())

    /// A stream of event `eventID`'s changes from now on; it is let go of when its iteration ends.
    func follow(_ eventID: Event.ID) -> AsyncStream<EventChange> {
        // Unbounded, as the changes are the process's own: made at the pace of requests on this
        // machine, and taken by followers that write each into a cache at once.
        let (changes, continuation) = AsyncStream.makeStream(of: EventChange.self)
        let number = state.withLock { state in
            state.next += 1
            state.streams[eventID, default: [:]][state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.streams[eventID]?[number] = nil
                if state.streams[eventID]?.isEmpty == true { state.streams[eventID] = nil }
            }
        }
        return changes
    }

    /// Tells every stream following `eventID` of `change`.
    func tell(_ change: EventChange, about eventID: Event.ID) {
        let streams = state.withLock { Array($0.streams[eventID, default: [:]].values) }
        for stream in streams { stream.yield(change) }
    }

    /// How many streams follow events now.
    var count: Int {
        state.withLock { $0.streams.values.reduce(0) { $0 + $1.count } }
    }
}

extension MockBackend: EventChangesFollowing {
    public func changes(of eventID: Event.ID) -> AsyncStream<EventChange> {
        followers.follow(eventID)
    }

    /// How many streams follow events' changes now.
    public var followingStreams: Int { followers.count }
}
