import AgoraAPI
import AgoraModels
import Foundation

/// A comment on its way to the server: what the user wrote, when, and as whom. The outbox keeps
/// it while the server cannot take it, across restarts in live mode; its id is the draft's
/// client id, which the server recognises, so sending it again never posts it twice.
///
/// A logout keeps it, unlike what the cache kept for the user: it is something the user wrote
/// and was told would be sent, and only ``authorID``'s session ever sends it, so the next user
/// of the machine cannot post it as theirs; clearing it would lose it without a word.
public struct OutgoingComment: Codable, Identifiable, Hashable, Sendable {
    /// The text, the event, and the client id sent with every attempt.
    public var draft: CommentDraft
    /// When the user wrote it: the time its row shows until the server's comment replaces it.
    public var writtenAt: Date
    /// Who wrote it: only their session sends it, never another account's.
    public var authorID: User.ID

    public var id: String { draft.clientID }

    public init(draft: CommentDraft, writtenAt: Date, authorID: User.ID) {
        self.draft = draft
        self.writtenAt = writtenAt
        self.authorID = authorID
    }
}
