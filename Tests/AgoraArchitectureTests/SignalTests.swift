import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("Signal")
struct SignalTests {
    @Test("given a value sent before anyone observes, when an observer subscribes, then it sees nothing of it")
    func doesNotReplay() {
        let source = SignalSource<Int>()
        source.send(1)

        let recorder = Recorder(source.signal)

        recorder.assertDidNotEmitValue()
    }

    @Test("given an observer, when values are sent, then it gets each one in order")
    func deliversLaterValues() {
        let source = SignalSource<String>()
        source.send("before")
        let recorder = Recorder(source.signal)

        source.send("one")
        source.send("two")

        recorder.assertValues(["one", "two"])
    }

    @Test("given a Void signal, when send() is called twice, then the observer gets two events")
    func voidSend() {
        let source = SignalSource<Void>()
        let recorder = Recorder(source.signal)

        source.send()
        source.send()

        recorder.assertValueCount(2)
    }

    @Test("given an observation, when it is cancelled, then later values are not delivered to it")
    func cancelledObservationStopsDelivery() {
        let source = SignalSource<Int>()
        var received: [Int] = []
        let observation = source.signal.observe { received.append($0) }

        source.send(1)
        observation.cancel()
        source.send(2)

        #expect(received == [1])
    }
}
