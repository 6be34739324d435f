import AgoraArchitecture
import Observation
import Synchronization
import Testing

/// An output is `Observable`: what a SwiftUI view needs to read a ViewModel with no adapter.
@MainActor
@Suite("Output, as the Observation framework sees it")
struct OutputObservationTests {
    @Test("given a view that read an output's value, when the ViewModel sends a new one, then observation tracking fires once")
    func trackingSeesTheChange() {
        let source = OutputSource("Swift on the Server")
        let changes = Mutex(0)
        withObservationTracking {
            _ = source.output.value
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        source.send("Swift on the Server (moved)")
        source.send("Swift on the Server (moved again)")

        #expect(changes.withLock { $0 } == 1, "tracking fires once, for the first change after the read")
        #expect(source.output.value == "Swift on the Server (moved again)")
    }

    @Test("given a view that read one output, when another output of the ViewModel changes, then it is not drawn again")
    func trackingIsPerOutput() {
        let title = OutputSource("Title")
        let isLoading = OutputSource(false)
        let changes = Mutex(0)
        withObservationTracking {
            _ = title.output.value
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        isLoading.send(true)

        #expect(changes.withLock { $0 } == 0)
    }

    @Test(
        "given Observations over an output, when the ViewModel sends values, then the sequence yields the current value and then the latest one",
        .timeLimit(.minutes(10))
    )
    func observationsYieldsValues() async {
        let source = OutputSource(0)
        let values = Observations { source.output.value }
        var iterator = values.makeAsyncIterator()

        let first = await iterator.next()
        source.send(1)
        let second = await iterator.next()

        #expect(first == 0)
        #expect(second == 1)
    }
}
