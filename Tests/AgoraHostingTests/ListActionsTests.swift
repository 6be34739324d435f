import AgoraArchitecture
import AgoraHosting
import Testing

/// A list ViewModel reduced to its outputs and inputs: the test publishes, and reads what was sent.
@MainActor
final class ListFixture: ListViewModelInputs, ListViewModelOutputs {
    let rowsSource = OutputSource(ListRows<String>())
    let hasMorePagesSource = OutputSource(false)
    private(set) var sent: [String] = []

    var rows: Output<ListRows<String>> { rowsSource.output }
    var isLoading: Output<Bool> { OutputSource(false).output }
    var isEmpty: Output<Bool> { OutputSource(false).output }
    var hasMorePages: Output<Bool> { hasMorePagesSource.output }
    var showError: Signal<String> { SignalSource<String>().signal }
    var showUpToDate: Signal<Void> { SignalSource<Void>().signal }

    func viewDidLoad() { sent.append("viewDidLoad") }
    func refresh() { sent.append("refresh") }
    func willDisplayRow(_ row: Int, outOf total: Int) { sent.append("willDisplayRow(\(row), outOf: \(total))") }
}

@MainActor
@Suite("ListActions: more, refresh and a row, the same for every view")
struct ListActionsTests {
    let list = ListFixture()
    var actions: ListActions<String> { ListActions(outputs: list, inputs: list) }

    @Test("given rows and a next page, when more, then the next page is asked for as the last row's display asks for it")
    func moreAsksForTheNextPage() {
        list.rowsSource.send(["a", "b", "c"])
        list.hasMorePagesSource.send(true)

        #expect(actions.more() == .nextPageRequested)
        #expect(list.sent == ["willDisplayRow(2, outOf: 3)"])
    }

    @Test("given every page loaded, or none, when more, then nothing is asked and it says which")
    func moreWithNoPageLeft() {
        #expect(actions.more() == .noMorePages(shown: 0, isLoaded: false), "a first load that failed: nothing is loaded yet")
        list.rowsSource.send(["a", "b"])
        #expect(actions.more() == .noMorePages(shown: 2, isLoaded: true))
        #expect(list.sent.isEmpty)
    }

    @Test("given a row held and one not, when asked for, then the held one is answered and the other brought in")
    func rowsHeldOrBroughtIn() {
        list.rowsSource.send(["a", "b"])

        #expect(actions.row(1) == "b")
        #expect(actions.row(5) == nil)
        #expect(list.sent == ["willDisplayRow(5, outOf: 2)"])
    }

    @Test("when refresh, then the list is asked for the first page again")
    func refresh() {
        actions.refresh()

        #expect(list.sent == ["refresh"])
    }
}
