import AgoraArchitecture
import AgoraTerminalUI
import Events
import EventsViewInputs

/// An events list in the REPL, every upcoming event or the member's own: a table of events, the
/// next page on `more`, a row's detail on `open <row>`.
@MainActor
final class EventsListScreen: Screen {
    private let viewModel: any EventsListViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: EventsListInputs
    private let console: any Console
    private let table: PagedTable<EventRow>
    private var observations: [OutputObservation] = []

    private static let columns = TextTable([
        // Named for a program as the event's own record names them.
        .init("When", key: "startsAt"),
        .init("Event", key: "title", isFlexible: true),
        .init("Where", key: "venue", isFlexible: true, priority: .medium),
        .init("Going", key: "attendeeCount", alignment: .right, priority: .low),
    ])

    init(viewModel: any EventsListViewModelType, console: any Console) {
        self.viewModel = viewModel
        let inputs = EventsListInputs(viewModel.inputs)
        self.inputs = inputs
        self.console = console
        let outputs = viewModel.outputs
        table = PagedTable(
            noun: "events", columns: Self.columns, console: console, outputs: outputs, inputs: inputs,
            title: { _ in Self.title(outputs.filter) }, open: { row in inputs.rowTapped(row.id) },
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage(outputs.filter) : nil }
        ) { row in
            // Whether the member goes shows beside the count; a program reads it as a field.
            let going: TableCell = row.isGoing ? .text("\(row.attendeeCount) (you)") : .number(row.attendeeCount)
            return TableRow(
                id: String(row.id), cells: [.date(row.startsAt), .text(row.title), .text(row.venue), going],
                data: [.date(row.startsAt), .text(row.title), .text(row.venue), .number(row.attendeeCount)],
                fields: [.init("isGoing", .flag(row.isGoing))])
        }
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { InputSenders.list }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands: [ScreenCommand] = [.more("events"), .refresh("events"), .open("the event in that row")]

    private static func title(_ filter: EventsFilter) -> String {
        switch filter {
        case .upcoming: "Upcoming events"
        case .going: "Your events"
        }
    }

    private static func emptyMessage(_ filter: EventsFilter) -> String {
        switch filter {
        case .upcoming: "No upcoming events."
        case .going: "You are not going to any upcoming event yet: rsvp on an event's screen."
        }
    }

    func appear() {
        table.appear()
        observations = [
            viewModel.outputs.isEmpty.observe { [weak self] isEmpty in
                guard isEmpty, let self else { return }
                self.console.print(Self.emptyMessage(self.viewModel.outputs.filter))
            },
            viewModel.outputs.needsLogin.observe { [weak self] needsLogin in
                if needsLogin { self?.console.print("Log in to see the events you are going to: type `login`.") }
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        table.reappear()
        inputs.viewDidReappear()
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        guard try table.perform(command, arguments: arguments) else {
            throw CommandError("The events list has no command '\(command)'.")
        }
    }

    func completions(forArgumentOf command: String) -> [String] {
        table.completions(forArgumentOf: command) ?? []
    }
}
