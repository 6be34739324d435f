// Made by Scripts/generate-inputs from `CommentsViewModelInputs` in the Comments library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Comments

/// The inputs of `CommentsViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
@MainActor
public final class CommentsInputs: TracedInputs<any CommentsViewModelInputs>, CommentsViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func refresh() { send { $0.refresh() } }
    public func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    public func viewDidReappear() { send { $0.viewDidReappear() } }
    public func commentTextChanged(_ text: String) { send(text) { $0.commentTextChanged(text) } }
    public func postButtonTapped() { send { $0.postButtonTapped() } }
    public func retryTapped(_ id: CommentRow.ID) { send(id) { $0.retryTapped(id) } }
    public func retryQueuedTapped() { send { $0.retryQueuedTapped() } }
    public func discardTapped(_ id: CommentRow.ID) { send(id) { $0.discardTapped(id) } }
    public func deleteTapped(_ id: CommentRow.ID) { send(id) { $0.deleteTapped(id) } }
    public func eventTapped() { send { $0.eventTapped() } }

    public static var inputCatalog: [InputDescriptor<CommentsInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("commentTextChanged", "text") { $0.commentTextChanged($1) },
            .input("postButtonTapped") { $0.postButtonTapped() },
            .input("retryTapped", "id") { $0.retryTapped($1) },
            .input("retryQueuedTapped") { $0.retryQueuedTapped() },
            .input("discardTapped", "id") { $0.discardTapped($1) },
            .input("deleteTapped", "id") { $0.deleteTapped($1) },
            .input("eventTapped") { $0.eventTapped() },
        ]
    }
}
