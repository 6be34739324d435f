import Activities
import AgoraArchitecture
import AgoraTerminalUI

/// The activity feed in the REPL: whose feed, a table of what happened, the next page on `more`,
/// an activity's event or comments on `open <row>`, and `login` when logged out.
@MainActor
final class ActivitiesScreen: Screen {
    private let viewModel: any ActivitiesViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: ActivitiesInputs
    private let console: any Console
    private var observations: [OutputObservation] = []
    /// Prints only what changed: the new rows of a page, not the whole feed again.
    private let printer: TableRowsPrinter<ActivityRow>

    private static let table = TextTable([
        .init("When"),
        .init("What", isFlexible: true),
    ])

    init(viewModel: any ActivitiesViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = ActivitiesInputs(viewModel.inputs)
        self.console = console
        printer = TableRowsPrinter(table: Self.table, console: console) { row in
            TableRow(id: String(row.id), cells: [.date(row.when), .text(row.text)])
        }
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands = [
        ScreenCommand("more", summary: "Show the next page of activity."),
        ScreenCommand("refresh", summary: "Load the feed again from the newest activity."),
        ScreenCommand("open", arguments: "<row>", example: "open 2", summary: "Show what the activity in that row is about, e.g. `open 3`."),
        ScreenCommand("show", arguments: "<row>", example: "show 1", summary: "Show the activity in that row whole, wrapped to the width, e.g. `show 1`."),
        ScreenCommand("login", summary: "Log in to see your feed."),
    ]

    /// Why the feed is empty, and the command that changes it.
    static func message(for state: ActivitiesEmptyState) -> String {
        switch state {
        case .loggedOut: "Log in to see what is happening at the events you attend and host. Type `login`."
        case .noActivity: "Nothing here yet. RSVP to an event to follow its comments."
        }
    }

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.rows.observe { [weak self] rows in self?.show(rows) },
            outputs.emptyState.observe { [weak self] state in
                if let state { self?.console.print(Self.message(for: state)) }
            },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showUpToDate.observe { [weak self] in self?.console.print(ListMessages.upToDate) },
            outputs.showAlreadyLoggedIn.observe { [weak self] user in
                self?.console.print("You are already logged in as \(user.name); to use another account, type `logout` first.")
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        printer.reset()
        show(viewModel.outputs.rows.value)
        // An empty feed says its state again through `emptyState`.
        inputs.viewDidReappear()
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        let outputs = viewModel.outputs
        let rows = outputs.rows.value
        switch command {
        case "more":
            if let state = outputs.emptyState.value {
                console.print(Self.message(for: state))
            } else if !outputs.hasMorePages.value {
                console.print(ListMessages.noMorePages("activity", shown: rows.totalCount, isLoaded: !rows.isEmpty))
            } else {
                inputs.willDisplayRow(rows.totalCount - 1, outOf: rows.totalCount)
            }
        case "refresh":
            inputs.refresh()
        case "open":
            let row = try CommandError.row(arguments[0], of: rows.totalCount)
            inputs.rowTapped(row - 1)
        case "show":
            // The table cuts a long line with "…"; here it is whole. A feed is held whole.
            let row = rows[try CommandError.row(arguments[0], of: rows.endIndex) - 1]
            console.print("\(row.when.text):")
            console.print(lines: WrappedText.lines(row.text, width: console.width, indent: "  "))
        case "login":
            inputs.loginTapped()
        default:
            throw CommandError("The activity feed has no command '\(command)'.")
        }
    }

    func completions(forArgumentOf command: String) -> [String] {
        ["open", "show"].contains(command) ? viewModel.outputs.rows.value.indices.map { String($0 + 1) } : []
    }

    private func show(_ rows: ListRows<ActivityRow>) {
        printer.show(rows) {
            viewModel.outputs.userName.value.map { "Activity for \($0)" } ?? "Activity"
        }
    }
}
