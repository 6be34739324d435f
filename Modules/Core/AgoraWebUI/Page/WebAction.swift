/// One form post to a page: the button pressed, the row it is about, the form's fields.
public struct WebAction: Sendable, Equatable {
    /// The action's name (`more`, `post`, `retry`), the value of the button pressed or the last
    /// segment of the path posted to.
    public let name: String
    /// The 0-based row index of `/events/1/comments/{row}/retry`, as the REPL's `rowTapped`
    /// sends it; `nil` for an action on the whole page.
    public let row: Int?
    /// The form's fields (`text`, `email`), as posted.
    public let fields: [String: String]

    /// - Parameters:
    ///   - name: the action's name.
    ///   - row: the row it is about, 0-based, if any.
    ///   - fields: the form's fields.
    public init(name: String, row: Int? = nil, fields: [String: String] = [:]) {
        self.name = name
        self.row = row
        self.fields = fields
    }

    /// The row, or an error naming the action that needs one.
    ///
    /// - Parameter count: how many rows the list has; the row must be one of them.
    public func requiredRow(of count: Int) throws(WebActionError) -> Int {
        guard let row else { throw WebActionError("`\(name)` needs a row: post to <page>/<row>/\(name), with row 0 to \(max(count - 1, 0)).") }
        guard (0..<count).contains(row) else {
            throw WebActionError(count == 0 ? "There is no row \(row): the list is empty." : "There is no row \(row); rows are 0 to \(count - 1).")
        }
        return row
    }
}
