/// Why an action could not be sent, in one line a page shows.
public struct WebActionError: Error, Equatable, CustomStringConvertible {
    /// The message, one line.
    public let description: String

    /// - Parameter description: what was wrong and what would be right.
    public init(_ description: String) {
        self.description = description
    }

    /// The error for an action a page does not have.
    ///
    /// - Parameters:
    ///   - action: the action posted.
    ///   - page: the page, as a sentence starts with it ("The events list").
    ///   - known: the actions the page has.
    public static func unknown(_ action: WebAction, on page: String, known: [String]) -> WebActionError {
        WebActionError("\(page) has no action '\(action.name.prefix(40))'; it has \(known.joined(separator: ", ")).")
    }
}
