/// What the comments screen holds until a login, in words for when the login is abandoned: the
/// error says exactly what was not done.
struct CommentsAwaitingLogin: Equatable {
    /// Comments written here that wait to be posted.
    var posts = 0
    /// Comments in the outbox that wait to be sent; they stay queued without the login.
    var queued = 0
    /// Comments the user asked to delete.
    var deletes = 0

    /// Counts what `drafts` and the delete requests hold for a login.
    init(drafts: CommentDrafts, deletes: Int) {
        let waiting = drafts.all.filter { $0.state == .waitingForLogin }
        posts = waiting.count { !$0.isInOutbox }
        queued = waiting.count { $0.isInOutbox }
        self.deletes = deletes
    }

    init(posts: Int = 0, queued: Int = 0, deletes: Int = 0) {
        self.posts = posts
        self.queued = queued
        self.deletes = deletes
    }

    /// What stays undone without the login, one clause ("the comment was not posted"); `nil`
    /// when nothing waits.
    var undone: String? {
        var clauses: [String] = []
        if posts > 0 { clauses.append(posts == 1 ? "the comment was not posted" : "\(posts) comments were not posted") }
        if queued > 0 {
            clauses.append(queued == 1 ? "the queued comment was not sent (it stays queued)" : "\(queued) queued comments were not sent (they stay queued)")
        }
        if deletes > 0 { clauses.append(deletes == 1 ? "the comment was not deleted" : "\(deletes) comments were not deleted") }
        guard let last = clauses.popLast() else { return nil }
        return clauses.isEmpty ? last : "\(clauses.joined(separator: ", ")) and \(last)"
    }
}
