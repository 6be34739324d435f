import AgoraContract
import AgoraModels
import Foundation

extension APIHandlers {
    func listComments(_ input: Operations.ListComments.Input) async throws -> Operations.ListComments.Output {
        let page = try await store.commentsPage(
            eventID: input.path.eventID,
            after: Keyset.parse(input.query.cursor, kind: .comments),
            limit: PageLimit.parse(input.query.limit)
        )
        return .ok(.init(body: .json(page)))
    }

    func postComment(_ input: Operations.PostComment.Input) async throws -> Operations.PostComment.Output {
        let author = try RequestCredentials.required().user
        guard case .json(let draft) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        let body = try Self.commentBody(draft.body)
        if let clientID = draft.clientID {
            try TextField.clientID.check(clientID)
            guard !clientID.allSatisfy(\.isWhitespace) else {
                throw APIError.invalidField("clientID", "The clientID must not be only spaces.")
            }
        }
        if let seconds = try await takePostingToken(for: author.id, clientID: draft.clientID) {
            logger.notice("Comment refused: too many posts", metadata: ["user.id": "\(author.id)", "retry-after": "\(seconds)"])
            throw APIError.tooManyPosts(retryAfter: seconds)
        }
        let outcome = try await store.postComment(
            eventID: input.path.eventID, authorID: author.id, body: body, clientID: draft.clientID, now: now()
        )
        switch outcome {
        case .created(let comment):
            changes.changeMade()
            return .created(.init(body: .json(comment)))
        case .existing(let comment):
            // A retry repeats its first post; the same clientID for other text is another comment
            // that would be lost, so it is refused rather than answered with the old one.
            guard comment.eventID == input.path.eventID, comment.body == body else {
                throw APIError.conflict(
                    "clientID", "This clientID was used for a different comment; choose a new clientID for a new comment."
                )
            }
            return .ok(.init(body: .json(comment)))
        }
    }

    /// Takes a token for `account`'s next post from the buckets every server shares, when the
    /// store keeps them, else from this server's; the seconds to wait when there is none.
    private func takePostingToken(for account: Int64, clientID: String?) async throws -> Int? {
        guard let shared = store as? any SharedPostingLimit else {
            return await posting.take(for: account, clientID: clientID)
        }
        return try await shared.takePostingToken(for: account, clientID: clientID, limit: posting.limit, now: now())
    }

    func deleteComment(_ input: Operations.DeleteComment.Input) async throws -> Operations.DeleteComment.Output {
        let user = try RequestCredentials.required().user
        try await store.deleteComment(id: input.path.commentID, userID: user.id)
        changes.changeMade()
        return .noContent(.init())
    }

    /// The text as stored: CRLF and CR as `\n`, without surrounding whitespace, not blank (not
    /// only whitespace, default-ignorable or blank-looking scalars: `TextRules.isBlank`), no
    /// control characters but line breaks and tabs, at most `Comment.maximumLength` Unicode
    /// scalars — the rules OSS mode and the composer apply.
    static func commentBody(_ text: String) throws(APIError) -> String {
        let body = TextRules.normalizingLineBreaks(text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !TextRules.isBlank(body) else {
            throw .invalidField("body", "A comment needs some text.")
        }
        return try TextField.commentBody.check(body)
    }
}
