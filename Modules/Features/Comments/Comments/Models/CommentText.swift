import AgoraModels
import Foundation

/// The composer's text as it would be posted: line breaks as `\n`, trimmed, and checked against
/// the API's rules before any request, so a refusal costs no round trip.
public struct CommentText: Hashable, Sendable {
    /// The text without surrounding whitespace, CRLF and CR written as LF: what is posted.
    public let body: String

    public init(_ typed: String) {
        body = TextRules.normalizingLineBreaks(typed).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Characters left before `Comment.maximumLength`, counted as the API counts them
    /// (`TextRules.length(of:)`); negative when over it.
    public var charactersRemaining: Int { Comment.maximumLength - TextRules.length(of: body) }

    /// Whether the API would accept it.
    public var isPostable: Bool { problem(locale: .current) == nil }

    /// Why it cannot be posted, as a one-line message with numbers in `locale`; `nil` when it can.
    public func problem(locale: Locale) -> String? {
        // Blank-looking text (a Hangul filler, a blank Braille pattern, zero-width spaces) is
        // refused as empty, as the server refuses it.
        if TextRules.isBlank(body) { return "A comment needs some text." }
        if let problem = TextRules.controlCharacterProblem(in: body, allowsLineBreaks: true) {
            return "A comment cannot hold control characters: \(problem)."
        }
        if let problem = TextRules.combiningMarkProblem(in: body, subject: "this one") {
            return "A comment cannot stack marks without end: \(problem)."
        }
        guard charactersRemaining >= 0 else {
            let maximum = Comment.maximumLength.formatted(.number.locale(locale))
            let count = TextRules.length(of: body).formatted(.number.locale(locale))
            return "A comment can be at most \(maximum) characters; this one has \(count)."
        }
        return nil
    }
}
