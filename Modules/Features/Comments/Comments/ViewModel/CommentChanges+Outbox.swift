import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// Sending the comments waiting in the outbox, one sending at a time.
extension CommentChanges {
    /// Sends the queued comments (after a first page, on retry, after a login); does nothing
    /// while this screen is already sending them.
    func sendQueued(session: Session) {
        guard let sending = drafts.startSendingOutbox() else { return }
        display.rowsChanged()
        display.sendingQueued(sending.count)
        let change = list.beginChange()
        let queue = dependency.queue
        let id = eventID
        work.startSending { [weak self] in
            let delivery = await queue.sendQueuedComments(eventID: id, session: session)
            await self?.finishSendingQueued(sending, delivery: delivery, change: change)
        }
    }

    func finishSendingQueued(_ sent: [LocalComment.ID], delivery: QueuedCommentsDelivery, change: ListChange) async {
        let posted = drafts.outboxSendingEnded(sent, with: delivery)
        await settle(change)
        for _ in 0..<posted {
            display.message("Comment posted.")
        }
        // Each comment the server refused or still could not take is told once.
        for id in sent {
            switch drafts.draft(id)?.state {
            case .failed, .queued: display.notSent(id)
            case .sending, .waitingForLogin, .notSent, nil: break
            }
        }
        if delivery.stoppedBy == .unauthorized {
            display.error(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        }
    }
}
