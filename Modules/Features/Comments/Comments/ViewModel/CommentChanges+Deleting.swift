import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// Deleting one of the user's comments.
extension CommentChanges {
    func delete(_ comment: Comment, session: Session) {
        guard comment.author.id == session.user.id else {
            display.error("You can only delete your own comments.")
            return
        }
        deleting.insert(comment.id)
        let change = list.beginChange()
        let poster = dependency.poster
        let token = session.token
        work.startSending { [weak self] in
            let result = await Result<Void, ServiceError> { () async throws(ServiceError) in
                try await poster.deleteComment(id: comment.id, token: token)
            }
            await self?.finishDeleting(comment, result: result, change: change)
        }
    }

    func finishDeleting(_ comment: Comment, result: Result<Void, ServiceError>, change: ListChange) async {
        deleting.remove(comment.id)
        // Deleted, the comment left the held cache, which shows now.
        await settle(change)
        switch result {
        case .success:
            display.message("Comment deleted.")
        case .failure(.unauthorized):
            display.error(ServiceError.unauthorized.description)
            deletesAwaitingLogin.append(comment)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            display.error(error.description)
        }
    }
}
