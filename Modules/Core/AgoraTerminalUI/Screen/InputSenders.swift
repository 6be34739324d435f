/// What a user does in the REPL that sends each of a screen's ViewModel inputs, by the input's
/// name: the explorer's `inputs` lists it as "Sent by". The words are the REPL's, so they live
/// with its screens; the inputs' table (`InputDeclaring`) is shared by every view.
///
/// ```swift
/// var inputSenders: [String: String] { InputSenders.list.merging(["loginTapped": "`login`"]) { $1 } }
/// ```
public enum InputSenders {
    /// What every screen's host sends: the screen appearing, and coming back to it.
    public static let screen = ["viewDidLoad": "the screen appearing", "viewDidReappear": "`back` to this screen"]

    /// What a list screen's commands send besides (``PagedTable``'s `refresh`, `more` and `open`).
    public static let list = screen.merging(["refresh": "`refresh`", "willDisplayRow": "`more`", "rowTapped": "`open <n>`, row n's id"]) { $1 }
}
