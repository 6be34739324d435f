/// The commands every list screen understands, worded once; ``PagedTable`` runs them.
extension ScreenCommand {
    /// `more`: the next page of `noun` ("events").
    public static func more(_ noun: String) -> ScreenCommand {
        ScreenCommand("more", summary: "Show the next page of \(noun).")
    }

    /// `refresh`: the list again from its first page.
    public static func refresh(_ noun: String) -> ScreenCommand {
        ScreenCommand("refresh", summary: "Load the \(noun) again from the first page.")
    }

    /// `open <row>`: goes where the row leads, `what` ("the event in that row").
    public static func open(_ what: String) -> ScreenCommand {
        ScreenCommand("open", arguments: "<row>", example: "open 3", summary: "Show \(what), e.g. `open 3`.")
    }

    /// `show <row>`: the row whole, wrapped to the width, `what` ("the comment in that row").
    public static func show(_ what: String) -> ScreenCommand {
        ScreenCommand("show", arguments: "<row>", example: "show 1", summary: "Show \(what) whole, wrapped to the width, e.g. `show 1`.")
    }
}
