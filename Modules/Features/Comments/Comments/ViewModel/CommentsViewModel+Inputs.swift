import AgoraArchitecture

/// The inputs of `CommentsViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension CommentsViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<CommentsViewModel>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("commentTextChanged", "text") { $0.commentTextChanged($1) },
            .input("postButtonTapped") { $0.postButtonTapped() },
            .input("retryTapped", "row") { $0.retryTapped(row: $1) },
            .input("retryQueuedTapped") { $0.retryQueuedTapped() },
            .input("discardTapped", "row") { $0.discardTapped(row: $1) },
            .input("deleteTapped", "row") { $0.deleteTapped(row: $1) },
            .input("eventTapped") { $0.eventTapped() },
        ]
    }
}
