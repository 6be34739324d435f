import AgoraArchitecture
import AgoraModels
import Foundation

/// One row of an event's comments, ready to show: a comment from the server, or one the user
/// wrote that the server has not confirmed yet (a local draft).
public struct CommentRow: Identifiable, Hashable, Sendable {
    /// A server comment's id, or a local draft's (drafts have no server id until confirmed).
    public enum ID: Hashable, Sendable, CustomStringConvertible {
        case comment(Comment.ID)
        case draft(LocalComment.ID)

        /// "42" for a server comment, "draft-7" for a local draft.
        public var description: String {
            switch self {
            case .comment(let id): String(id)
            case .draft(let id): "draft-\(id)"
            }
        }
    }

    /// Where the row's comment stands.
    public enum Status: Hashable, Sendable {
        /// On the server: everyone sees it.
        case posted
        /// Being sent.
        case pending
        /// Sending failed; the message says why. The text is kept to retry or discard.
        case failed(String)
        /// Waits for the user to log in, then is sent.
        case waitingForLogin
        /// The user came back without logging in; the text is kept to retry or discard.
        case notSent
        /// The server could not take it (why, when known); it waits in the outbox, also across
        /// a restart, and is sent when the server is back.
        case queued(String?)
    }

    public let id: ID
    public let authorName: String
    public let body: String
    /// When it was written, in the user's locale and time zone.
    public let time: DisplayDate
    public let status: Status
    /// Whether the logged-in user wrote it (only they may delete it).
    public let isMine: Bool

    /// Whether the user can retry it: one of theirs the server has not confirmed, not being sent.
    public var canRetry: Bool {
        switch status {
        case .failed, .notSent, .queued, .waitingForLogin: true
        case .posted, .pending: false
        }
    }

    /// Whether the user can discard it: the same unsent comments as ``canRetry``.
    public var canDiscard: Bool { canRetry }

    /// Whether the user can delete it: theirs, and not being sent.
    public var canDelete: Bool { isMine && status != .pending }

    /// A comment the server has.
    public init(comment: Comment, viewer: User?, environment: AgoraEnvironment) {
        id = .comment(comment.id)
        authorName = comment.author.name
        body = comment.body
        time = environment.displayDate(comment.createdAt)
        status = .posted
        isMine = comment.author.id == viewer?.id
    }

    /// A comment the user wrote here, not confirmed by the server; `viewer` is `nil` while
    /// logged out, when the author is simply "You".
    public init(draft: LocalComment, viewer: User?, environment: AgoraEnvironment) {
        id = .draft(draft.id)
        authorName = viewer?.name ?? "You"
        body = draft.body
        time = environment.displayDate(draft.createdAt)
        status =
            switch draft.state {
            case .sending: .pending
            case .failed(let message): .failed(message)
            case .waitingForLogin: .waitingForLogin
            case .notSent: .notSent
            case .queued(let reason): .queued(reason)
            }
        isMine = true
    }
}

extension CommentRow.ID: LosslessStringConvertible, InputArgument {
    public static var expectation: String { "a comment's id (42), or an unsent comment's (draft-7)" }
    public static var typeName: String { "CommentRow.ID" }

    /// The id its ``description`` names: "42" a server comment, "draft-7" a local draft; `nil`
    /// for any other text. A view that names a row by its id (a form's path) reads it back so.
    public init?(_ description: String) {
        let draftPrefix = "draft-"
        let digits = description.hasPrefix(draftPrefix) ? description.dropFirst(draftPrefix.count) : Substring(description)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
        self = description.hasPrefix(draftPrefix) ? .draft(number) : .comment(number)
    }

    public init?(inputArgument text: String) {
        self.init(text)
    }
}
