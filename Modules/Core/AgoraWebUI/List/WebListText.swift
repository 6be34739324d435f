/// What every list page says the same way.
public enum WebListText {
    /// What a refresh that left the list as it was says.
    public static let upToDate = "Up to date: nothing changed since the last load."

    /// What `more` says with no page left: all rows are shown, or nothing is loaded yet.
    ///
    /// - Parameters:
    ///   - noun: what the list holds, in the plural.
    ///   - shown: how many rows are shown.
    ///   - isLoaded: whether a page was loaded.
    public static func noMorePages(_ noun: String, shown: Int, isLoaded: Bool) -> String {
        isLoaded ? "No more \(noun): all \(shown) are shown." : "Nothing is loaded yet: Refresh loads the first page."
    }

    /// The line beside the buttons, in a member's words: which rows the page shows, and whether
    /// there are more ("Showing 11–60 of 60 comments; there are more.", "All 12 events shown.").
    ///
    /// - Parameters:
    ///   - noun: what the list holds, in the plural.
    ///   - shown: the 0-based indexes of the rows the page shows.
    ///   - total: how many rows the page's list holds.
    ///   - hasMore: whether a next page can be loaded.
    public static func count(_ noun: String, shown: Range<Int>, total: Int, hasMore: Bool) -> String {
        let rows = shown.count < total && !shown.isEmpty ? "\(shown.lowerBound + 1)–\(shown.upperBound) of \(total) \(noun)" : "\(total) \(noun)"
        if hasMore { return "Showing \(rows); there are more." }
        return shown.count < total && !shown.isEmpty ? "Showing \(rows)." : "All \(rows) shown."
    }
}
