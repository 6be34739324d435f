/// One thing shown whole, as named fields: an event's detail, a comment `show`n. A terminal shows
/// it as lines a screen writes; a console that takes data (`--format json`) gets the fields,
/// typed: a date as a date, a count as a number.
public struct TableRecord: Sendable, Equatable {
    /// What it is ("Swift on the Server").
    public let title: String
    public let fields: [TableRow.Field]

    public init(title: String, fields: [TableRow.Field]) {
        self.title = title
        self.fields = fields
    }
}
