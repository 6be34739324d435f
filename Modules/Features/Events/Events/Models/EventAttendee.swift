import AgoraModels

/// Someone going to an event, as its page shows them: a name, and initials for a face.
public struct EventAttendee: Hashable, Sendable, Identifiable {
    public let id: User.ID
    public let name: String
    /// The first letters of the first and last words of the name ("Alice Martin" → "AM",
    /// "Carol" → "C"), upper-cased, for a round face where a photo would be.
    public let initials: String

    public init(_ author: Author) {
        id = author.id
        name = author.name
        initials = Self.initials(of: author.name)
    }

    static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard let first = words.first?.first else { return "?" }
        guard words.count > 1, let last = words.last?.first else { return String(first).uppercased() }
        return (String(first) + String(last)).uppercased()
    }
}
