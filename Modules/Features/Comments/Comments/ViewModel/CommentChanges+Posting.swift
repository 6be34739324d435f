import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// Posting a draft: its request, and what its answer means for the draft and the list.
extension CommentChanges {
    /// Sends a draft as `session`'s user: on its own, or with the queued comments when it waits
    /// in the outbox.
    func send(_ draftID: LocalComment.ID, session: Session) {
        guard let draft = drafts.draft(draftID) else { return }  // discarded meanwhile
        if draft.isInOutbox {
            sendQueued(session: session)
            return
        }
        drafts.startPosting(draftID)
        display.rowsChanged()
        let change = list.beginChange()
        let poster = dependency.poster
        let comment = OutgoingComment(
            draft: CommentDraft(eventID: eventID, body: draft.body, clientID: draft.clientID), writtenAt: draft.createdAt,
            authorID: session.user.id
        )
        let token = session.token
        work.startSending { [weak self] in
            let result = await Result<PostOutcome, ServiceError> { () async throws(ServiceError) in
                try await poster.postComment(comment, token: token)
            }
            await self?.finishPosting(draftID, result: result, change: change)
        }
    }

    func finishPosting(_ draftID: LocalComment.ID, result: Result<PostOutcome, ServiceError>, change: ListChange) async {
        drafts.postEnded(draftID, with: result)
        await settle(change)
        switch result {
        case .success(.posted):
            display.message("Comment posted.")
        case .success(.queued(.unauthorized)), .failure(.unauthorized):
            // Kept (in the outbox when the UseCase could); it goes after the login asked for.
            display.error(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .success(.queued), .failure:
            // The row says why: queued, or failed (Kickstarter's failed comment cell).
            display.notSent(draftID)
        }
    }

    /// Ends one of this screen's changes: the drafts have changed first, their rows are given to
    /// the list while it still holds the cache, and both show when the change ends, so a posted
    /// draft leaves as its comment arrives; what the change did is told after that.
    func settle(_ change: ListChange) async {
        await change.end { display.rowsChanged() }
    }
}
