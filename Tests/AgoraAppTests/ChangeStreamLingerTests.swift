import AgoraAPI
import AgoraArchitecture
import AgoraModels
import Foundation
import Synchronization
import Testing

@testable import AgoraApp

/// An event's stream of changes outlives its last screen by a little, so that coming back to the
/// event (the commonest move there is) takes it up as it is: nothing opened again, nothing missed.
@Suite("Followed events: a stream lingers after its last screen")
struct ChangeStreamLingerTests {
    /// A source of changes that counts the streams it opened and those still open, and sends
    /// what a test tells it to every open one.
    final class CountingSource: EventChangesFollowing {
        private struct State {
            var opened = 0
            var next = 0
            var streams: [Int: AsyncStream<EventChange>.Continuation] = [:]
        }

        private let state = Mutex(State())

        func changes(of eventID: Event.ID) -> AsyncStream<EventChange> {
            let (stream, continuation) = AsyncStream.makeStream(of: EventChange.self)
            let number = state.withLock { state in
                state.opened += 1
                state.next += 1
                state.streams[state.next] = continuation
                return state.next
            }
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.streams.removeValue(forKey: number) } }
            return stream
        }

        var opened: Int { state.withLock { $0.opened } }
        var open: Int { state.withLock { $0.streams.count } }

        func send(_ change: EventChange) {
            for stream in state.withLock({ Array($0.streams.values) }) { stream.yield(change) }
        }
    }

    /// What a follower was handed, in order.
    final class Received: Sendable {
        private let changes = Mutex<[EventChange]>([])
        var all: [EventChange] { changes.withLock { $0 } }
        func follower() -> EventChangeStreams.Follower {
            { [self] change in
                changes.withLock { $0.append(change) }
                return true
            }
        }
    }

    /// Returns once `condition` holds; fails after two minutes, far past what a busy machine takes.
    static func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the awaited state never came", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    static let event = Event(
        id: 4, title: "Walk", summary: "Around the park", venue: "Park", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
        endsAt: Date(timeIntervalSince1970: 1_800_003_600), hostID: 1, attendeeCount: 3, commentCount: 0)

    @Test(
        "given an event's last screen gone, when a screen shows it again within the linger, then the same stream serves it and nothing sent meanwhile is missed"
    )
    func comingBackTakesTheStreamUp() async throws {
        let source = CountingSource()
        let streams = EventChangeStreams(source: source, linger: .seconds(60))
        let first = Received()
        let leaving = streams.follow(4, first.follower())
        try await Self.until { source.open == 1 }

        leaving.cancel()
        #expect(streams.followedEvents.isEmpty, "no screen follows the event")
        source.send(.eventChanged(Self.event))
        try await Self.until { first.all == [.eventChanged(Self.event)] }
        let second = Received()
        let back = streams.follow(4, second.follower())
        source.send(.missedSome)
        try await Self.until { second.all == [.missedSome] }

        #expect(source.opened == 1, "the stream was taken up, not opened again")
        #expect(first.all == [.eventChanged(Self.event)], "the screen that came back follows it alone")
        back.cancel()
    }

    @Test("given an event's last screen gone, when the linger passes, then its stream ends; a screen after that opens a new one")
    func aStreamEndsOnceItHasLingered() async throws {
        let source = CountingSource()
        let streams = EventChangeStreams(source: source, linger: .milliseconds(50))
        streams.follow(4, Received().follower()).cancel()
        try await Self.until { source.opened == 1 }

        try await Self.until { source.open == 0 }

        let again = streams.follow(4, Received().follower())
        try await Self.until { source.open == 1 }
        #expect(source.opened == 2)
        again.cancel()
        try await Self.until { source.open == 0 }
    }

    @Test("given streams lingering, when the app goes, then every stream ends with it")
    func theAppTakesItsStreamsAlong() async throws {
        let source = CountingSource()
        var streams: EventChangeStreams? = EventChangeStreams(source: source, linger: .seconds(60))
        streams?.follow(4, Received().follower()).cancel()
        streams?.follow(5, Received().follower()).cancel()
        try await Self.until { source.open == 2 }

        streams = nil

        try await Self.until { source.open == 0 }
    }
}
