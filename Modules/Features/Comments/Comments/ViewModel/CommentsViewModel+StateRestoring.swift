import AgoraArchitecture
import AgoraModels

/// What a comments screen holds that the server does not: the comments written here and not
/// posted (waiting for a login, not sent, failed), and the deletes waiting for a login. Queued
/// comments are not here: they wait in the outbox, which outlives the screen.
public struct CommentsRestorationState: Codable, Sendable, Equatable {
    public var drafts: [LocalComment]
    public var deletesAwaitingLogin: [Comment]

    public init(drafts: [LocalComment], deletesAwaitingLogin: [Comment] = []) {
        self.drafts = drafts
        self.deletesAwaitingLogin = deletesAwaitingLogin
    }
}

extension CommentsViewModel: StateRestoring {
    /// The unposted drafts and waiting deletes; `nil` when there are none.
    public var restorationState: CommentsRestorationState? {
        let drafts = changes.drafts.keptApartFromOutbox
        guard !drafts.isEmpty || !changes.deletesAwaitingLogin.isEmpty else { return nil }
        return CommentsRestorationState(drafts: drafts, deletesAwaitingLogin: changes.deletesAwaitingLogin)
    }

    /// Shows the drafts again, with their numbers; what waited for a login waits for the open one.
    public func restore(_ state: CommentsRestorationState) {
        changes.restore(state)
    }
}
