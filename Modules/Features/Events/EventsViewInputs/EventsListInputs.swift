import AgoraArchitecture
import Events

/// The inputs of the events list as both views send them: each view calls these, and each is
/// traced before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them
/// by name through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `EventsListViewModelInputs`.
@MainActor
public final class EventsListInputs: TracedInputs<any EventsListViewModelInputs>, EventsListViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func refresh() { send { $0.refresh() } }
    public func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    public func viewDidReappear() { send { $0.viewDidReappear() } }
    public func rowTapped(_ id: EventRow.ID) { send(id) { $0.rowTapped(id) } }

    public static var inputCatalog: [InputDescriptor<EventsListInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("rowTapped", "id") { $0.rowTapped($1) },
        ]
    }
}
