import AgoraAPI
import AgoraArchitecture
import AgoraModels
import Synchronization

/// The app's followed events: one stream of changes per event, whatever number of screens show
/// it, handed to each of their followers, opened for the first and let go of a little after the
/// last.
///
/// What a follower does with a change (write it into a cache) is done before the host hears of
/// it (``onChangeApplied(_:)``), so a host that tells its user "this changed" shows the change
/// when the user looks; and the host hears only of news, a change some follower did not have
/// yet (not the echo of the user's own post, which their screen showed when it was answered).
///
/// ## Lingering
///
/// Leaving an event and coming back to it is the commonest move there is (an event, back to the
/// list, the event again). When the last screen of an event goes, its stream stays open for
/// ``linger``, its last followers still writing what arrives into the caches they keep, and a
/// screen that shows the event again within it takes the stream up as it is: no stream to open
/// again (a request to agora-server, a task), no changes missed between the two. Past it, the
/// stream ends; so do all of them when the app goes.
final class EventChangeStreams: Sendable {
    /// Writes one change into what a follower keeps; `true` when it was news there.
    typealias Follower = @Sendable (EventChange) async -> Bool

    private struct Followed {
        var followers: [Int: Follower] = [:]
        /// The followers of the last screen that went, while the stream lingers.
        var lingering: [Int: Follower] = [:]
        /// When a stream no screen follows ends.
        var endsAt: ContinuousClock.Instant?
        var reading: Task<Void, Never>?
    }

    private struct State {
        var next = 0
        var events: [Event.ID: Followed] = [:]
        var applied: (@Sendable (Event.ID, EventChange) -> Void)?
        /// Ends lingering streams when their time comes: one task for all of them, while any lingers.
        var ending: Task<Void, Never>?
    }

    /// How long a stream stays open after the last screen of its event went.
    let linger: Duration
    private let source: any EventChangesFollowing
    private let state = Mutex(State())

    /// - Parameters:
    ///   - source: Where each event's changes come from.
    ///   - linger: How long a stream stays open after the last screen of its event went.
    init(source: any EventChangesFollowing, linger: Duration = .seconds(10)) {
        self.source = source
        self.linger = linger
    }

    deinit {
        state.withLock { state in
            for followed in state.events.values { followed.reading?.cancel() }
            state.ending?.cancel()
        }
    }

    /// Hands each change of event `eventID` to `follower` until the subscription goes.
    func follow(_ eventID: Event.ID, _ follower: @escaping Follower) -> Subscription {
        let number = state.withLock { state in
            state.next += 1
            state.events[eventID, default: Followed()].followers[state.next] = follower
            // A lingering stream is taken up as it is; its last followers have a successor.
            state.events[eventID]?.lingering = [:]
            state.events[eventID]?.endsAt = nil
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

    /// The events some screen follows now (not those whose stream only lingers).
    var followedEvents: Set<Event.ID> {
        state.withLock { Set($0.events.filter { !$0.value.followers.isEmpty }.keys) }
    }

    private func hand(_ change: EventChange, of eventID: Event.ID) async {
        let (followers, applied) = state.withLock { state in
            let followed = state.events[eventID]
            let current = followed.map { $0.followers.isEmpty ? $0.lingering : $0.followers } ?? [:]
            return (Array(current.values), state.applied)
        }
        var isNews = false
        for follower in followers where await follower(change) { isNews = true }
        if isNews { applied?(eventID, change) }
    }

    private func unfollow(_ eventID: Event.ID, _ number: Int) {
        let endsAt = ContinuousClock.now + linger
        state.withLock { state in
            guard let follower = state.events[eventID]?.followers.removeValue(forKey: number),
                state.events[eventID]?.followers.isEmpty == true
            else { return }
            state.events[eventID]?.lingering[number] = follower
            state.events[eventID]?.endsAt = endsAt
            // Made under the lock, so that it is known before it can look: a task that found
            // nothing lingering and ended is never mistaken for one that still watches.
            if state.ending == nil {
                state.ending = Task { [weak self] in
                    while let next = self?.endLingeringStreams() {
                        try? await Task.sleep(until: next, clock: .continuous)
                        if Task.isCancelled { return }
                    }
                }
            }
        }
    }

    /// Ends the streams whose time has come; returns when the next one ends, or `nil` (and
    /// forgets the task) when none lingers any more.
    private func endLingeringStreams() -> ContinuousClock.Instant? {
        let now = ContinuousClock.now
        let (ended, next) = state.withLock { state -> ([Task<Void, Never>], ContinuousClock.Instant?) in
            var ended: [Task<Void, Never>] = []
            for (eventID, followed) in state.events {
                guard let endsAt = followed.endsAt, endsAt <= now else { continue }
                if let reading = followed.reading { ended.append(reading) }
                state.events[eventID] = nil
            }
            let next = state.events.values.compactMap(\.endsAt).min()
            if next == nil { state.ending = nil }
            return (ended, next)
        }
        for reading in ended { reading.cancel() }
        return next
    }
}
