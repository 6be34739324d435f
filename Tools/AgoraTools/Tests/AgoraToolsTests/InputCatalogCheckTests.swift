@testable import ArchitectureChecks
import Testing

@Suite("Input tables match their protocols")
struct InputCatalogCheckTests {
    static let protocolFile = (
        path: "Modules/Features/Events/Events/ViewModel/ListViewModel.swift",
        source: """
            public protocol ListViewModelInputs {
                /// Shown.
                func viewDidLoad()
                func willDisplayRow(_ row: Int, outOf total: Int)
            }
            """
    )

    static let tracedInputs = """
        final class ListInputs: TracedInputs<any ListViewModelInputs>, ListViewModelInputs, InputDeclaring {
            func viewDidLoad() { send { $0.viewDidLoad() } }
            func willDisplayRow(_ row: Int, outOf total: Int) {
                send(row, total) { $0.willDisplayRow(row, outOf: total) }
            }

        """

    static func table(_ entries: String, inputs: String = tracedInputs) -> (path: String, source: String) {
        ("Modules/Features/Events/EventsREPL/Inputs/ListInputs.swift", "\(inputs)    static var inputCatalog: [InputDescriptor<ListInputs>] { [\n\(entries)\n] }\n}")
    }

    @Test("given a table naming every input with its arity, when checked, then nothing is reported")
    func matchingTable() {
        let table = Self.table(#".input("viewDidLoad") { $0.viewDidLoad() }, .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }"#)
        #expect(InputCatalogCheck.violations(in: [Self.protocolFile, table]).isEmpty)
    }

    @Test("given a table missing an input and with a wrong arity, when checked, then the drift is named")
    func driftingTable() throws {
        let table = Self.table(#".input("viewDidLoad") { $0.viewDidLoad() }, .input("willDisplayRow", "row") { _, _ in }"#)
        let violations = InputCatalogCheck.violations(in: [Self.protocolFile, table])
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.line == 1)
        #expect(violation.description.contains("not in the table: willDisplayRow/2; not in the protocol: willDisplayRow/1"))
    }

    @Test("given no table, when checked, then the ViewModel is named as declaring none")
    func missingTable() {
        let violations = InputCatalogCheck.violations(in: [Self.protocolFile])
        #expect(violations.map(\.rule) == [.inputTableMissing(viewModel: "ListViewModel")])
    }

    @Test("given a traced input that does not start with send, when checked, then it is named")
    func untracedInput() {
        let untraced = Self.tracedInputs.replacingOccurrences(of: "send(row, total) { $0.willDisplayRow(row, outOf: total) }", with: "viewModel.willDisplayRow(row, outOf: total)")
        let table = Self.table(
            #".input("viewDidLoad") { $0.viewDidLoad() }, .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }"#, inputs: untraced)
        let violations = InputCatalogCheck.violations(in: [Self.protocolFile, table])
        #expect(violations.map(\.rule) == [.inputNotTraced(viewModel: "ListViewModel", inputs: "willDisplayRow")])
    }
}

@Suite("Input tables of protocols that refine the kit's")
struct RefinedInputCatalogCheckTests {
    static let kit = InputCatalogCheck.kitInputProtocols(
        in: """
            public protocol ListViewModelInputs {
                func viewDidLoad()
                func willDisplayRow(_ row: Int, outOf total: Int)
            }
            """
    )

    static let protocolFile = (
        path: "Modules/Features/Events/Events/ViewModel/EventsListViewModel.swift",
        source: """
            public protocol EventsListViewModelInputs: ListViewModelInputs {
                func rowTapped(_ row: Int)
            }
            """
    )

    static let tracedInputs = """
        final class EventsListInputs: TracedInputs<any EventsListViewModelInputs>, EventsListViewModelInputs, InputDeclaring {
            func viewDidLoad() { send { $0.viewDidLoad() } }
            func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
            func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }

        """

    static func table(_ entries: String) -> (path: String, source: String) {
        ("Modules/Features/Events/EventsREPL/Inputs/EventsListInputs.swift", "\(tracedInputs)    static var inputCatalog: [InputDescriptor<EventsListInputs>] { [\n\(entries)\n] }\n}")
    }

    @Test("given a protocol refining the kit's, when its table has the kit's inputs then its own, then nothing is reported")
    func kitInputsFirst() {
        let table = Self.table(#".input("viewDidLoad") { _ in }, .input("willDisplayRow", "row", "outOf") { _, _, _ in }, .input("rowTapped", "row") { _, _ in }"#)
        #expect(InputCatalogCheck.violations(in: [Self.protocolFile, table], kitProtocols: Self.kit).isEmpty)
    }

    @Test("given a protocol refining the kit's, when its table lacks a kit input, then the drift names it")
    func kitInputMissing() throws {
        let table = Self.table(#".input("viewDidLoad") { _ in }, .input("rowTapped", "row") { _, _ in }"#)
        let violations = InputCatalogCheck.violations(in: [Self.protocolFile, table], kitProtocols: Self.kit)
        #expect(try #require(violations.first).description.contains("not in the table: willDisplayRow/2"))
    }
}
