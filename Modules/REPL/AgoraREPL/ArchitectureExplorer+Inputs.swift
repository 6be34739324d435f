import AgoraApp
import AgoraArchitecture
import AgoraTerminalUI

/// `inputs` and `send`: the inputs the top screen sends its ViewModel (its `TracedInputs` and
/// their table, ``InputDeclaring``), listed and called by name, for any feature; an input sent
/// is traced as one the screen sends.
extension ArchitectureExplorer {
    /// Why `inputs` or `send` cannot run; its description is the one-line error.
    enum InputsProblem: Error, CustomStringConvertible {
        case noScreen
        case undeclared(viewModel: String)
        case sending(ArchitectureSnapshot.SendingProblem)

        var description: String {
            switch self {
            case .noScreen:
                "There is no screen: `open` one first."
            case .undeclared(let viewModel):
                "\(viewModel)'s screen declares no inputs (it keeps no TracedInputs that conform to InputDeclaring)."
            case .sending(let problem):
                problem.description
            }
        }
    }

    private static let inputsTable = TextTable([.init("Input"), .init("Parameters"), .init("Sent by", isFlexible: true)])

    /// The cells of one input's row: its name, its parameters with their types, what sends it.
    private static func cells(of input: DeclaredInput, sentBy senders: [String: String]) -> [String] {
        [
            input.name, input.parameters.isEmpty ? "-" : input.parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", "),
            senders[input.name] ?? "only `send`",
        ]
    }

    /// What sends each input of the top screen's ViewModel, in the screen's words.
    private var topInputSenders: [String: String] {
        screens.top?.screen.inputSenders ?? [:]
    }

    /// `inputs` for a program: a row per input, keyed `input`, `parameters`, `sentBy`.
    func inputsData() throws(InputsProblem) -> TableRows {
        let (viewModel, inputs) = try topInputs()
        return TableRows(
            title: "\(viewModel) inputs", columns: Self.inputsTable.columns.map(\.key),
            rows: inputs.enumerated().map { index, input in
                TableRows.Row(number: index + 1, id: input.name, cells: Self.cells(of: input, sentBy: topInputSenders).map(TableCell.text))
            })
    }

    /// One line per input of the top ViewModel: its name, its parameters with their types and
    /// what in the REPL sends it; then, when an input takes a row, how rows are counted, and
    /// when one names a row, that it is by id.
    func inputsLines(width: Int?) throws(InputsProblem) -> [String] {
        let (viewModel, inputs) = try topInputs()
        let senders = topInputSenders
        let rows = inputs.map { Self.cells(of: $0, sentBy: senders) }
        var lines = ["\(viewModel) inputs (`send <input> [arguments]`):"] + Self.inputsTable.render(rows, width: width)
        if inputs.contains(where: { $0.parameters.contains { $0.label == "row" } }) {
            lines.append("Rows are counted from 0 here, from 1 on screen: row 1 is the second row.")
        }
        if let idInput = inputs.first(where: { $0.parameters.first?.label == "id" }) {
            lines.append("A row is named by its id, not its number: `send \(idInput.name) <id>`; `--format json` gives each row's id.")
        }
        return lines
    }

    /// Calls the top ViewModel's input `name` with `arguments`, read by type.
    ///
    /// - Returns: what was sent, for the line that says so (`EventsListViewModel.refresh()`).
    @discardableResult
    func send(_ name: String, arguments: [String]) throws(InputsProblem) -> String {
        let (viewModel, inputs) = try topInputs()
        do {
            return try ArchitectureSnapshot.send(name, arguments: arguments, among: inputs, of: viewModel)
        } catch {
            throw .sending(error)
        }
    }

    /// Whether `name` is an input of the top ViewModel with a secret argument: its line is not
    /// kept in history.
    func sendsSecret(_ name: String) -> Bool {
        guard let (_, inputs) = try? topInputs() else { return false }
        return inputs.contains { $0.name.lowercased() == name.lowercased() && $0.parameters.contains(where: \.isSecret) }
    }

    /// The names of the top screen's inputs, for `send`'s completion; none without a screen.
    func inputNames() -> [String] {
        (try? topInputs())?.inputs.map(\.name) ?? []
    }

    private func topInputs() throws(InputsProblem) -> (viewModel: String, inputs: [DeclaredInput]) {
        guard let top = snapshot.inspection else { throw .noScreen }
        guard let inputs = snapshot.inputs(sentThrough: screens.top.flatMap { ViewInspection.tracedInputs(of: $0.screen) }) else {
            throw .undeclared(viewModel: top.viewModel)
        }
        return (top.viewModel, inputs)
    }
}
