import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("Output")
struct OutputTests {
    @Test("given an output that changed, when an observer subscribes, then it gets the current value at once")
    func replaysCurrentValue() {
        let source = OutputSource(1)
        source.send(2)

        let recorder = Recorder(source.output)

        recorder.assertValues([2])
        #expect(source.output.value == 2)
    }

    @Test("given an observer, when values are sent, then it gets every one in order after the current value")
    func deliversLaterValuesInOrder() {
        let source = OutputSource("a")
        let recorder = Recorder(source.output)

        source.send("b")
        source.send("c")
        source.send("d")

        recorder.assertValues(["a", "b", "c", "d"])
        #expect(source.value == "d")
    }

    @Test("given an equatable output, when the same value is sent again, then sendIfChanged skips it and send does not")
    func sendIfChangedSkipsRepeats() {
        let source = OutputSource(0)
        let recorder = Recorder(source.output)

        source.sendIfChanged(0)
        source.sendIfChanged(1)
        source.sendIfChanged(1)
        source.send(1)
        source.send(1)

        recorder.assertValues([0, 1, 1, 1])
    }

    @Test("given two observers, when one cancels its observation, then only the other keeps receiving")
    func cancelledObservationStopsDelivery() {
        let source = OutputSource(0)
        var cancelled: [Int] = []
        let observation = source.output.observe { cancelled.append($0) }
        let kept = Recorder(source.output)

        source.send(1)
        observation.cancel()
        source.send(2)
        observation.cancel()
        source.send(3)

        #expect(cancelled == [0, 1])
        kept.assertValues([0, 1, 2, 3])
    }

    @Test("given several observers, when a value is sent, then they are called in the order they subscribed")
    func observersCalledInSubscriptionOrder() {
        let source = OutputSource(0)
        var calls: [String] = []
        let first = source.output.observe { calls.append("first \($0)") }
        let second = source.output.observe { calls.append("second \($0)") }
        calls.removeAll()

        source.send(7)

        #expect(calls == ["first 7", "second 7"])
        first.cancel()
        second.cancel()
    }
}
