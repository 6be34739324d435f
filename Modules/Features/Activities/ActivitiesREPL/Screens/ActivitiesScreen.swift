import Activities
import ActivitiesViewInputs
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
    private let table: PagedTable<ActivityRow>
    private var observations: [OutputObservation] = []

    private static let columns = TextTable([
        // Named for a program as `show`'s record of an activity names them.
        .init("When", key: "time"),
        .init("What", key: "title", isFlexible: true),
    ])

    init(viewModel: any ActivitiesViewModelType, console: any Console) {
        self.viewModel = viewModel
        let inputs = ActivitiesInputs(viewModel.inputs)
        self.inputs = inputs
        self.console = console
        let outputs = viewModel.outputs
        table = PagedTable(
            noun: "activity", columns: Self.columns, console: console, outputs: outputs, inputs: inputs,
            title: { _ in outputs.userName.value.map { "Activity for \($0)" } ?? "Activity" },
            open: { row in inputs.rowTapped(row.id) },
            showWhole: { row in
                let record = TableRecord(
                    title: row.text, fields: [.init("id", .number(row.id)), .init("time", .date(row.when))] + Self.fields(of: row))
                if console.showRecord(record) { return }
                // The table cuts a long line with "…"; here it is whole.
                console.print("\(row.when.text):")
                console.print(lines: WrappedText.lines(row.text, width: console.width, indent: "  "))
            },
            emptyMessage: { outputs.emptyState.value.map(Self.message) }
        ) { row in
            TableRow(id: String(row.id), cells: [.date(row.when), .text(row.text)], fields: Self.fields(of: row))
        }
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { InputSenders.list.merging(["loginTapped": "`login`"]) { $1 } }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands: [ScreenCommand] = [
        .more("activity"), .refresh("activity"), .open("what the activity in that row is about"),
        .show("the activity in that row"), ScreenCommand("login", summary: "Log in to see your feed."),
    ]

    /// What a program reads of a row beside its sentence: who did what at which event.
    static func fields(of row: ActivityRow) -> [TableRow.Field] {
        [.init("kind", .text(row.kind.rawValue)), .init("actor", .text(row.actorName ?? "")), .init("eventId", .number(row.eventID))]
    }

    /// Why the feed is empty, and the command that changes it.
    static func message(for state: ActivitiesEmptyState) -> String {
        switch state {
        case .loggedOut: "Log in to see what is happening at the events you attend and host. Type `login`."
        case .noActivity: "Nothing here yet. RSVP to an event to follow its comments: `open agora://\(Route.events.path)`."
        }
    }

    func appear() {
        let outputs = viewModel.outputs
        table.appear()
        observations = [
            outputs.emptyState.observe { [weak self] state in
                if let state { self?.console.print(Self.message(for: state)) }
            },
            outputs.showAlreadyLoggedIn.observe { [weak self] user in
                self?.console.print("You are already logged in as \(user.name); to use another account, type `logout` first.")
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        table.reappear()
        // An empty feed says its state again through `emptyState`.
        inputs.viewDidReappear()
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        if try table.perform(command, arguments: arguments) { return }
        switch command {
        case "login":
            inputs.loginTapped()
        default:
            throw CommandError("The activity feed has no command '\(command)'.")
        }
    }

    func completions(forArgumentOf command: String) -> [String] {
        table.completions(forArgumentOf: command) ?? []
    }
}
