import AgoraArchitecture
import AgoraTerminalUI
import TemplateItems
import TemplateItemsViewInputs

/// The template items list in the REPL: a table of rows (when each closes, how many answered,
/// the question), the next page on `more`, a row's event on `open <row>`.
@MainActor
final class TemplateItemsScreen: Screen {
    private let viewModel: any TemplateItemsViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: TemplateItemsInputs
    private let console: any Console
    private let table: PagedTable<TemplateItemRow>
    private var observations: [OutputObservation] = []

    /// The name of the feature shows only in the last column, which is not padded, so the
    /// layout of its transcript does not depend on the length of the name.
    private static let columns = TextTable([
        // Named for a program as the item's own record names them.
        .init("Closes", key: "closesAt"),
        .init("Answers", key: "responseCount", alignment: .right),
        .init("Template item", key: "title", isFlexible: true),
    ])

    init(viewModel: any TemplateItemsViewModelType, console: any Console) {
        self.viewModel = viewModel
        let inputs = TemplateItemsInputs(viewModel.inputs)
        self.inputs = inputs
        self.console = console
        let outputs = viewModel.outputs
        table = PagedTable(
            noun: "template items", columns: Self.columns, console: console, outputs: outputs, inputs: inputs,
            title: { _ in "Template items" }, open: { row in inputs.rowTapped(row.id) },
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil }
        ) { row in
            TableRow(id: String(row.id), cells: [.date(row.closesAt), .number(row.responseCount), .text(row.title)])
        }
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { InputSenders.list }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands: [ScreenCommand] = [
        .more("template items"), .refresh("template items"), .open("the event of the template item in that row"),
    ]

    private static let emptyMessage = "No template items yet."

    func appear() {
        table.appear()
        observations = [
            viewModel.outputs.isEmpty.observe { [weak self] isEmpty in
                if isEmpty { self?.console.print(Self.emptyMessage) }
            }
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        table.reappear()
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        guard try table.perform(command, arguments: arguments) else {
            throw CommandError("The template items list has no command '\(command)'.")
        }
    }

    func completions(forArgumentOf command: String) -> [String] {
        table.completions(forArgumentOf: command) ?? []
    }
}
