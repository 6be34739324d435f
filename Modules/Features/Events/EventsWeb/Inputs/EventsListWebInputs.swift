import AgoraArchitecture
import Events

/// The inputs of the events list as its page sends them, each traced before it reaches the
/// ViewModel (the explorer panel shows them).
@MainActor
final class EventsListWebInputs: TracedInputs<any EventsListViewModelInputs>, EventsListViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }
}
