import AgoraArchitecture
import TemplateItems

/// The inputs of the template items list as both views send them: each view calls these, and each is
/// traced before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them
/// by name through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `TemplateItemsViewModelInputs`.
@MainActor
public final class TemplateItemsInputs: TracedInputs<any TemplateItemsViewModelInputs>, TemplateItemsViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func refresh() { send { $0.refresh() } }
    public func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    public func rowTapped(_ id: TemplateItemRow.ID) { send(id) { $0.rowTapped(id) } }

    public static var inputCatalog: [InputDescriptor<TemplateItemsInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("rowTapped", "id") { $0.rowTapped($1) },
        ]
    }
}
