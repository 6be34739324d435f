import AgoraTerminalUI

/// What the shell's settings change outside the engine, in the process that hosts it: the
/// format and the destination of what commands show, the pager, the editor.
///
/// The `agora` executable provides one (``REPLSession/host``); without one, `output`, `format`,
/// `pager` and `edit` fail with a line saying they need it. Each method throws a one-line
/// ``CommandError`` naming what went wrong (a file that cannot be created).
@MainActor
public protocol ShellHost: AnyObject {
    /// The format what commands show is written in now.
    var format: OutputFormat { get }

    /// Writes what the next commands show in `format`.
    func useFormat(_ format: OutputFormat) throws(CommandError)

    /// Writes what the next commands show to the file at `path`, created or emptied first, or to
    /// standard output again when `path` is `nil`; silently, as psql's `\o`.
    func sendResults(toFile path: String?) throws(CommandError)

    /// Shows output taller than the terminal through the pager, or stops doing so.
    ///
    /// - Returns: the line that says what happens now.
    func usePager(_ isOn: Bool) throws(CommandError) -> String

    /// Opens the user's editor on an empty temporary file and returns what was saved in it, the
    /// file's last line break (which editors add) left out.
    func editText() async throws(CommandError) -> String
}
