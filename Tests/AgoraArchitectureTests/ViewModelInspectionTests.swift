import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("ViewModel inspection and tracing, by reflection")
struct ViewModelInspectionTests {
    /// A ViewModel as features write them: sources as stored properties, a login gate, data.
    final class SampleViewModel: ViewModel {
        let work = WorkTracker()
        let titlesSource = OutputSource<[String]>(["a", "b"])
        let isLoadingSource = OutputSource(false)
        let showErrorSource = SignalSource<String>()
        let loginGate = LoginGate(sessions: .test())
        /// Not a source and not a holder of sources: never walked.
        let cachedRows = Array(repeating: OutputSource(0), count: 3)
    }

    @Test("given a ViewModel, then its sources are found by name without the Source suffix, a kit holder's under its name, and nothing else")
    func findsSources() {
        let found = ViewModelInspection.sources(of: SampleViewModel())

        #expect(found.map(\.name) == ["titles", "isLoading", "showError", "loginGate.loginRequested"])
        #expect(found.map(\.source.summary) == ["2 items", "false", nil, nil])
        #expect(found.map(\.source.isSignal) == [false, false, true, true])
    }

    @Test("given a traced ViewModel, when outputs and signals send, then each reports before its observers run; once stopped, nothing")
    func traces() {
        let viewModel = SampleViewModel()
        let log = EventLog()
        let observation = viewModel.showErrorSource.signal.observe { log.append("observer saw \($0)") }
        viewModel.isLoadingSource.send(true)  // not traced yet

        ViewModelInspection.trace(viewModel) { label, summary, isSignal in log.append("\(isSignal ? "signal" : "output") \(label) \(summary)") }
        viewModel.titlesSource.send(["x", "y", "z"])
        viewModel.showErrorSource.send("offline")
        ViewModelInspection.stopTracing(viewModel)
        viewModel.titlesSource.send([])

        #expect(
            log.entries == [
                "output SampleViewModel.titles 3 items",
                "signal SampleViewModel.showError \"offline\"",
                "observer saw offline",
            ])
        #expect(viewModel.showErrorSource.summary == "\"offline\"")
        observation.cancel()
    }

    @Test("a value's summary is one short line: lists by count, text quoted, optionals unwrapped, long text cut")
    func summaries() {
        #expect(ValueSummary.of(["a", "b", "c"]) == "3 items")
        #expect(ValueSummary.of([1]) == "1 item")
        #expect(ValueSummary.of("hi") == "\"hi\"")
        #expect(ValueSummary.of(Optional<Int>.none as Any) == "nil")
        #expect(ValueSummary.of(Optional(5) as Any) == "5")
        #expect(ValueSummary.of(String(repeating: "x", count: 200)) == "\"" + String(repeating: "x", count: 78) + "…")
    }
}
