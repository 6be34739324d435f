import AgoraModels
import Foundation

/// The composer's text as it would be posted: trimmed, and checked against the API's rules
/// before any request, so a refusal costs no round trip.
public struct CommentText: Hashable, Sendable {
    /// The text without surrounding whitespace: what is posted.
    public let body: String

    public init(_ typed: String) {
        body = typed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Characters left before ``Comment/maximumLength``; negative when over it.
    public var charactersRemaining: Int { Comment.maximumLength - body.count }

    /// Whether the API would accept it.
    public var isPostable: Bool { !body.isEmpty && body.count <= Comment.maximumLength }

    /// Why it cannot be posted, as a one-line message with numbers in `locale`; `nil` when it can.
    public func problem(locale: Locale) -> String? {
        if body.isEmpty { return "A comment needs some text." }
        guard body.count <= Comment.maximumLength else {
            let maximum = Comment.maximumLength.formatted(.number.locale(locale))
            let count = body.count.formatted(.number.locale(locale))
            return "A comment can be at most \(maximum) characters; this one has \(count)."
        }
        return nil
    }
}
