import AgoraArchitecture
import TemplateItems

/// The inputs of the template items list as the REPL sends them: its view calls these, `send`
/// calls them by name through the table, and each is traced before it reaches the ViewModel.
/// `Scripts/check-architecture` compares the table with `TemplateItemsViewModelInputs`.
@MainActor
final class TemplateItemsInputs: TracedInputs<any TemplateItemsViewModelInputs>, TemplateItemsViewModelInputs, InputDeclaring {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }

    static var inputCatalog: [InputDescriptor<TemplateItemsInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() }.sent(by: "the screen appearing"),
            .input("refresh") { $0.refresh() }.sent(by: "`refresh`"),
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }.sent(by: "`more`"),
            .input("rowTapped", "row") { $0.rowTapped($1) }.sent(by: "`open <n>`, row n - 1"),
        ]
    }
}
