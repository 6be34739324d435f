import AgoraArchitecture
import AgoraObservation
import Observation
import Synchronization
import Testing

/// A list ViewModel reduced to its outputs and inputs: the test publishes, and reads what was sent.
@MainActor
final class ListFixture: ListViewModelInputs, ListViewModelOutputs {
    let rowsSource = OutputSource(ListRows<String>())
    let isLoadingSource = OutputSource(false)
    let isEmptySource = OutputSource(false)
    let hasMorePagesSource = OutputSource(true)
    let showErrorSource = SignalSource<String>()
    private let showUpToDateSource = SignalSource<Void>()
    private(set) var sent: [String] = []

    var rows: Output<ListRows<String>> { rowsSource.output }
    var isLoading: Output<Bool> { isLoadingSource.output }
    var isEmpty: Output<Bool> { isEmptySource.output }
    var hasMorePages: Output<Bool> { hasMorePagesSource.output }
    var showError: Signal<String> { showErrorSource.signal }
    var showUpToDate: Signal<Void> { showUpToDateSource.signal }

    func viewDidLoad() { sent.append("viewDidLoad") }
    func refresh() { sent.append("refresh") }
    func willDisplayRow(_ row: Int, outOf total: Int) { sent.append("willDisplayRow(\(row), outOf: \(total))") }
}

@MainActor
@Suite("ObservableList: a list ViewModel as an @Observable model")
struct ObservableListTests {
    let fixture = ListFixture()

    @Test("given a list already showing rows, when the model is made, then it reads them at once")
    func startsFromTheCurrentValues() {
        fixture.rowsSource.send(["a", "b"])
        fixture.isLoadingSource.send(true)

        let list = ObservableList(outputs: fixture, inputs: fixture)

        #expect(Array(list.rows) == ["a", "b"])
        #expect(list.isLoading)
        #expect(list.hasMorePages)
        #expect(list.error == nil)
    }

    @Test("given a view reading the rows, when the ViewModel publishes a page, then observation tracking fires once and the model holds the page")
    func observationSeesEachChange() {
        let list = ObservableList(outputs: fixture, inputs: fixture)
        let changes = Mutex(0)
        withObservationTracking {
            _ = list.rows
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        fixture.rowsSource.send(["first", "second"])

        #expect(changes.withLock { $0 } == 1)
        #expect(Array(list.rows) == ["first", "second"])
    }

    @Test("given the model, when the list reports an error and ends loading, then the model says so until the view clears the error")
    func errorsAndLoading() {
        let list = ObservableList(outputs: fixture, inputs: fixture)

        fixture.isLoadingSource.send(true)
        #expect(list.isLoading)
        fixture.showErrorSource.send("The server cannot be reached.")
        fixture.isLoadingSource.send(false)
        fixture.hasMorePagesSource.send(false)
        fixture.isEmptySource.send(true)

        #expect(list.error == "The server cannot be reached.")
        #expect(!list.isLoading && !list.hasMorePages)
        #expect(list.isEmpty)
        list.clearError()
        #expect(list.error == nil)
    }

    @Test("given the model, when the view appears, pulls to refresh and shows the last row, then the ViewModel gets those inputs with the list's total")
    func inputsReachTheViewModel() {
        let list = ObservableList(outputs: fixture, inputs: fixture)
        fixture.rowsSource.send(ListRows(Array(repeating: "row", count: 20)))

        list.viewDidLoad()
        list.refresh()
        list.willDisplayRow(19)

        #expect(fixture.sent == ["viewDidLoad", "refresh", "willDisplayRow(19, outOf: 20)"])
    }

    @Test("given a model the view let go of, then it is freed, and the ViewModel's later values reach nobody")
    func releasedWithTheView() {
        weak var released: ObservableList<String>?
        do {
            let list = ObservableList(outputs: fixture, inputs: fixture)
            released = list
        }
        #expect(released == nil)
        fixture.rowsSource.send(["after"])
    }
}

@MainActor
@Suite("ObservedOutput: one output as an @Observable value")
struct ObservedOutputTests {
    @Test("given an output, when it changes, then the observed value follows and observation tracking fires")
    func followsTheOutput() {
        let source = OutputSource("Swift on the Server")
        let title = ObservedOutput(source.output)
        let changes = Mutex(0)
        withObservationTracking {
            _ = title.value
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        source.send("Swift on the Server (moved)")

        #expect(title.value == "Swift on the Server (moved)")
        #expect(changes.withLock { $0 } == 1)
    }
}
