// Made by Scripts/generate-inputs from `EventsListViewModelInputs` in the Events library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Events

/// The inputs of `EventsListViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
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
