import Activities
import AgoraArchitecture

/// The inputs of the activity feed as its page sends them, each traced before it reaches the
/// ViewModel.
@MainActor
final class ActivitiesWebInputs: TracedInputs<any ActivitiesViewModelInputs>, ActivitiesViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func viewDidReappear() { send { $0.viewDidReappear() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }
    func loginTapped() { send { $0.loginTapped() } }
}
