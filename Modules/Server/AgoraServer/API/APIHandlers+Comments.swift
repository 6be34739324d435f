import AgoraContract
import AgoraModels
import Foundation

extension APIHandlers {
    /// The longest `clientID` the contract allows.
    static let maximumClientIDLength = 64

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
            guard (1...Self.maximumClientIDLength).contains(clientID.count), !clientID.allSatisfy(\.isWhitespace) else {
                throw APIError.invalidField("clientID", "Expected 1 to \(Self.maximumClientIDLength) characters, not only spaces.")
            }
        }
        let outcome = try await store.postComment(
            eventID: input.path.eventID, authorID: author.id, body: body, clientID: draft.clientID, now: now()
        )
        switch outcome {
        case .created(let comment): return .created(.init(body: .json(comment)))
        case .existing(let comment): return .ok(.init(body: .json(comment)))
        }
    }

    func deleteComment(_ input: Operations.DeleteComment.Input) async throws -> Operations.DeleteComment.Output {
        let user = try RequestCredentials.required().user
        try await store.deleteComment(id: input.path.commentID, userID: user.id)
        return .noContent(.init())
    }

    /// The text as stored: without surrounding whitespace, not empty, at most
    /// `Comment.maximumLength` characters — the rules OSS mode applies.
    static func commentBody(_ text: String) throws(APIError) -> String {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { throw .invalidField("body", "A comment needs some text.") }
        guard body.count <= Comment.maximumLength else {
            throw .invalidField("body", "A comment can have at most \(Comment.maximumLength) characters; this one has \(body.count).")
        }
        return body
    }
}
