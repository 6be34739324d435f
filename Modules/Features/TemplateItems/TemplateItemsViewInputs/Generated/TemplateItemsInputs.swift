// Made by Scripts/generate-inputs from `TemplateItemsViewModelInputs` in the TemplateItems library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import TemplateItems

/// The inputs of `TemplateItemsViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
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
