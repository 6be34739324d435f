import AgoraArchitecture
import AgoraObservation
import Observation
import Synchronization
import Testing

@MainActor
@Suite("ObservedSignal: what a signal said, held for a view")
struct ObservedSignalTests {
    let source = SignalSource<String>()

    @Test("given a view reading the held value, when the signal sends a message, then observation tracking fires and the message is held")
    func holdsWhatWasSent() {
        let error = ObservedSignal(source.signal)
        let changes = Mutex(0)
        withObservationTracking {
            _ = error.latest
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        #expect(error.latest == nil, "a signal has no value before it is sent")

        source.send("The server cannot be reached.")

        #expect(error.latest == "The server cannot be reached.")
        #expect(changes.withLock { $0 } == 1)
    }

    @Test("given a message held, when the view clears it, then nothing is held until the signal sends again")
    func clearedByTheView() {
        let error = ObservedSignal(source.signal)
        source.send("first")

        error.clear()
        #expect(error.latest == nil)
        source.send("second")
        #expect(error.latest == "second")
    }

    @Test("given a signal that sent before the view came, then the view holds nothing: a signal does not replay")
    func noReplay() {
        source.send("before")

        let error = ObservedSignal(source.signal)

        #expect(error.latest == nil)
    }

    @Test("given a held signal the view let go of, then it is freed, and later values reach nobody")
    func releasedWithTheView() {
        weak var released: ObservedSignal<String>?
        do {
            let error = ObservedSignal(source.signal)
            released = error
        }
        #expect(released == nil)
        source.send("after")
    }
}
