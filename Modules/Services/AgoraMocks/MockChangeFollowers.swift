import AgoraAPI
import AgoraModels
import Synchronization

/// The followers of changes in OSS mode, each following one `Key` (an event, a member): every
/// change a ``MockBackend`` makes is told to each stream following what it is about, as
/// agora-server tells its streams.
final class MockChangeFollowers<Key: Hashable & Sendable, Change: Sendable>: Sendable {
    private struct State {
        var next = 0
        var streams: [Key: [Int: AsyncStream<Change>.Continuation]] = [:]
    }

    private let state = Mutex(State())

    /// A stream of `key`'s changes from now on; it is let go of when its iteration ends.
    func follow(_ key: Key) -> AsyncStream<Change> {
        // Unbounded, as the changes are the process's own: made at the pace of requests on this
        // machine, and taken by followers that write each into a cache at once.
        let (changes, continuation) = AsyncStream.makeStream(of: Change.self)
        let number = state.withLock { state in
            state.next += 1
            state.streams[key, default: [:]][state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.streams[key]?[number] = nil
                if state.streams[key]?.isEmpty == true { state.streams[key] = nil }
            }
        }
        return changes
    }

    /// Tells every stream following `key` of `change`.
    func tell(_ change: Change, about key: Key) {
        let streams = state.withLock { Array($0.streams[key, default: [:]].values) }
        for stream in streams { stream.yield(change) }
    }

    /// How many streams follow now.
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

extension MockBackend: MemberChangesFollowing {
    /// The changes of the member `token` is a session of; a token that is no session's has none
    /// (the stream finishes at once). Their answers are told, and what comes into or leaves their
    /// feed: a comment on an event they go to, a guest at an event they host.
    public func changes(signedInWith token: AccessToken) -> AsyncStream<MemberChange> {
        guard let userID = try? user(for: token).id else { return AsyncStream { $0.finish() } }
        return memberFollowers.follow(userID)
    }

    /// How many streams follow members' own changes now.
    public var followingMemberStreams: Int { memberFollowers.count }
}
