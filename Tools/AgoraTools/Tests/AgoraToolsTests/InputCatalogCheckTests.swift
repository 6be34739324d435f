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
            public final class ListViewModel: ListViewModelInputs {
                public func viewDidLoad() {
                    inputTrace.received()
                }
                public func willDisplayRow(_ row: Int, outOf total: Int) {
                    inputTrace.received(row, total)
                }
            }
            """
    )

    static func table(_ entries: String) -> (path: String, source: String) {
        ("Modules/Features/Events/Events/ViewModel/ListViewModel+Inputs.swift", "extension ListViewModel: InputDeclaring {\n\(entries)\n}")
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

    @Test("given an input that does not start with inputTrace.received, when checked, then it is named")
    func untracedInput() {
        let untraced = (Self.protocolFile.path, Self.protocolFile.source.replacingOccurrences(of: "inputTrace.received(row, total)", with: "load()"))
        let table = Self.table(#".input("viewDidLoad") { $0.viewDidLoad() }, .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }"#)
        let violations = InputCatalogCheck.violations(in: [untraced, table])
        #expect(violations.map(\.rule) == [.inputNotTraced(viewModel: "ListViewModel", inputs: "willDisplayRow")])
    }
}
