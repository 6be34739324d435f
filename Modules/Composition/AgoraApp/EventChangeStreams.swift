import AgoraAPI
import AgoraArchitecture
import AgoraModels
import Synchronization

/// The app's followed events: one stream of changes per event, whatever number of screens show
/// it, handed to each of their followers, opened for the first and let go of with the last.
///
/// What a follower does with a change (write it into a cache) is done before the host hears of
/// it (``onChangeApplied(_:)``), so a host that tells its user "this changed" shows the change
/// when the user looks; and the host hears only of news, a change some follower did not have
/// yet (not the echo of the user's own post, which their screen showed when it was answered).
final class EventChangeStreams: Sendable {
    /// Writes one change into what a follower keeps; `true` when it was news there.
    typealias Follower = @Sendable (EventChange) async -> Bool

    private struct Followed {
        var followers: [Int: Follower] = [:]
        var reading: Task<Void, Never>?
    }

    private struct State {
        var next = 0
        var events: [Event.ID: Followed] = [:]
        var applied: (@Sendable (Event.ID, EventChange) -> Void)?
    }

    private let source: any EventChangesFollowing
    private let state = Mutex(State())

    init(source: any EventChangesFollowing) {
        self.source = source
    }

    /// Hands each change of event `eventID` to `follower` until the subscription goes.
    func follow(_ eventID: Event.ID, _ follower: @escaping Follower) -> Subscription {
        let number = state.withLock { state in
            state.next += 1
            state.events[eventID, default: Followed()].followers[state.next] = follower
            if state.events[eventID]?.reading == nil {
                state.events[eventID]?.reading = Task { [weak self, source] in
                    for await change in source.changes(of: eventID) {
                        await self?.hand(change, of: eventID)
                    }
                }
            }
            return state.next
        }
        return Subscription { [weak self] in self?.unfollow(eventID, number) }
    }

    /// Called with each change that was news once every follower has it; replaces the one before.
    func onChangeApplied(_ applied: @escaping @Sendable (Event.ID, EventChange) -> Void) {
        state.withLock { $0.applied = applied }
    }

    /// The events followed now.
    var followedEvents: Set<Event.ID> {
        state.withLock { Set($0.events.keys) }
    }

    private func hand(_ change: EventChange, of eventID: Event.ID) async {
        let (followers, applied) = state.withLock { state in
            (state.events[eventID].map { Array($0.followers.values) } ?? [], state.applied)
        }
        var isNews = false
        for follower in followers where await follower(change) { isNews = true }
        if isNews { applied?(eventID, change) }
    }

    private func unfollow(_ eventID: Event.ID, _ number: Int) {
        let reading = state.withLock { state -> Task<Void, Never>? in
            state.events[eventID]?.followers[number] = nil
            guard state.events[eventID]?.followers.isEmpty == true else { return nil }
            defer { state.events[eventID] = nil }
            return state.events[eventID]?.reading
        }
        reading?.cancel()
    }
}
