import AgoraArchitecture
import AgoraTerminalUI
import TemplateItems

/// The template items list in the REPL: a table of rows, the next page on `more`, a row's
/// event on `open <row>`.
@MainActor
final class TemplateItemsScreen: Screen {
    private let viewModel: any TemplateItemsViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: TemplateItemsInputs
    private let console: any Console
    private var observations: [OutputObservation] = []
    /// Prints only what changed: the new rows of a page, not the whole list again.
    private let printer: TableRowsPrinter<TemplateItemRow>

    /// The name of the feature shows only in the last column, which is not padded, so the
    /// layout of its transcript does not depend on the length of the name.
    private static let table = TextTable([
        .init("Event", isFlexible: true),
        .init("Template item", isFlexible: true),
    ])

    init(viewModel: any TemplateItemsViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = TemplateItemsInputs(viewModel.inputs)
        self.console = console
        printer = TableRowsPrinter(table: Self.table, console: console) { row in
            TableRow(id: String(row.id), cells: [.text(row.summary), .text(row.title)])
        }
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands = [
        ScreenCommand("more", summary: "Show the next page of template items."),
        ScreenCommand("refresh", summary: "Load the list again from the first page."),
        ScreenCommand("open", arguments: "<row>", example: "open 3", summary: "Show the event of the template item in that row, e.g. `open 3`."),
    ]

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.rows.observe { [weak self] rows in self?.show(rows) },
            outputs.isEmpty.observe { [weak self] isEmpty in
                if isEmpty { self?.console.print("No template items yet.") }
            },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showUpToDate.observe { [weak self] in self?.console.print(ListMessages.upToDate) },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        printer.reset()
        show(viewModel.outputs.rows.value)
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        let rows = viewModel.outputs.rows.value
        switch command {
        case "more":
            guard viewModel.outputs.hasMorePages.value else {
                let isLoaded = !rows.isEmpty || viewModel.outputs.isEmpty.value
                console.print(ListMessages.noMorePages("template items", shown: rows.totalCount, isLoaded: isLoaded))
                return
            }
            inputs.willDisplayRow(rows.totalCount - 1, outOf: rows.totalCount)
        case "refresh":
            inputs.refresh()
        case "open":
            let row = try CommandError.row(arguments[0], of: rows.totalCount)
            inputs.rowTapped(row - 1)
        default:
            throw CommandError("the template items list has no command '\(command)'")
        }
    }

    func completions(forArgumentOf command: String) -> [String] {
        command == "open" ? viewModel.outputs.rows.value.indices.map { String($0 + 1) } : []
    }

    private func show(_ rows: ListRows<TemplateItemRow>) {
        printer.show(rows) { "Template items" }
    }
}
