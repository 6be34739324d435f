import AgoraArchitecture
import Comments

/// The inputs of the comments page as it sends them, each traced before it reaches the
/// ViewModel.
@MainActor
final class CommentsWebInputs: TracedInputs<any CommentsViewModelInputs>, CommentsViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func viewDidReappear() { send { $0.viewDidReappear() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func commentTextChanged(_ text: String) { send(text) { $0.commentTextChanged(text) } }
    func postButtonTapped() { send { $0.postButtonTapped() } }
    func retryTapped(row: Int) { send(row) { $0.retryTapped(row: row) } }
    func retryQueuedTapped() { send { $0.retryQueuedTapped() } }
    func discardTapped(row: Int) { send(row) { $0.discardTapped(row: row) } }
    func deleteTapped(row: Int) { send(row) { $0.deleteTapped(row: row) } }
    func eventTapped() { send { $0.eventTapped() } }
}
