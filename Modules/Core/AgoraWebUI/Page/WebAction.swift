import AgoraArchitecture

/// One form post to a page: the button pressed, the row it is about, the form's fields.
public struct WebAction: Sendable, Equatable {
    /// The action's name (`more`, `post`, `retry`), the value of the button pressed or the last
    /// segment of the path posted to.
    public let name: String
    /// The id of the row the action is about, as its form's path says it (`42` in
    /// `/events/1/comments/42/delete`); `nil` for an action on the whole page. A row is named by
    /// its id, never its place: rows move between showing a page and posting one of its forms
    /// (a comment posted from another tab, a refresh).
    public let item: String?
    /// The form's fields (`text`, `email`), as posted.
    public let fields: [String: String]

    /// - Parameters:
    ///   - name: the action's name.
    ///   - item: the id of the row it is about, if any.
    ///   - fields: the form's fields.
    public init(name: String, item: String? = nil, fields: [String: String] = [:]) {
        self.name = name
        self.item = item
        self.fields = fields
    }

    /// The id of the row the action is about, read as an `ID` (a ViewModel input's argument), or
    /// an error naming the action and what an id is.
    public func requiredItem<ID: InputArgument>(_ type: ID.Type) throws(WebActionError) -> ID {
        guard let item else { throw WebActionError("`\(name)` needs a row: post to <page>/<id>/\(name), with \(ID.expectation).") }
        guard let id = ID(inputArgument: item) else {
            throw WebActionError("'\(item.prefix(40))' names no row: `\(name)` takes \(ID.expectation).")
        }
        return id
    }
}
