import AgoraCache
import Comments

extension AgoraApplication {
    /// How many comments the logged-in user wrote that wait in the outbox for the server: a host
    /// says so when it starts and when the user leaves, since they are sent only once their
    /// event's comments are open with the server up. 0 when nobody is logged in.
    public func queuedCommentCount() async -> Int {
        guard let user = sessions.user, let outbox = try? container.resolve((any Outbox<OutgoingComment>).self, name: nil) else { return 0 }
        return await outbox.entries().count { $0.authorID == user.id }
    }

    /// What a host says about ``queuedCommentCount()``; `nil` when nothing waits.
    public func queuedCommentsNote() async -> String? {
        switch await queuedCommentCount() {
        case 0: nil
        case 1: "1 comment is queued: it is sent when its event's comments are open and the server answers."
        case let count: "\(count) comments are queued: each is sent when its event's comments are open and the server answers."
        }
    }
}
