/// What every list screen says the same way: the end of the list, and a refresh that found
/// nothing new.
public enum ListMessages {
    /// What `more` says with no page left to ask for: all rows are shown, or — after a first load
    /// that failed or was cancelled — nothing is loaded yet, never "all 0 are shown".
    ///
    /// - Parameters:
    ///   - noun: what the list holds, in the plural ("events").
    ///   - shown: how many rows are shown.
    ///   - isLoaded: whether a page was loaded (rows shown, or the list's empty state).
    public static func noMorePages(_ noun: String, shown: Int, isLoaded: Bool) -> String {
        isLoaded ? "No more \(noun): all \(shown) are shown." : "Nothing is loaded yet: `refresh` loads the first page."
    }

    /// What follows rows that arrived on top of those printed (a comment posted): the rows
    /// printed before are numbered further down now, so the next page's numbers do not seem to
    /// skip.
    ///
    /// - Parameters:
    ///   - added: how many rows arrived on top.
    ///   - total: how many rows the list counts now.
    public static func movedDown(added: Int, total: Int) -> String {
        let new = added == 1 ? "Row 1 is new" : "Rows 1–\(added) are new"
        return "\(new): the rows shown before are now \(added + 1)–\(total)."
    }

    /// What a refresh that left the list as it was says.
    public static let upToDate = "Up to date: nothing changed since the last load."
}
