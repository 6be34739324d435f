import AgoraTerminalUI

/// What the shell's settings change outside the engine, in the process that hosts it: the
/// format and the destination of what commands show, and the pager.
///
/// The `agora` executable provides one (``REPLSession/host``); without one, `output`, `format`
/// and `pager` fail with a line saying they need it. Each method throws a one-line
/// ``CommandError`` naming what went wrong (a file that cannot be created).
@MainActor
public protocol ShellHost: AnyObject {
    /// Writes what the next commands show in `format`.
    func useFormat(_ format: OutputFormat) throws(CommandError)

    /// Writes what the next commands show to the file at `path`, created or emptied first, or to
    /// standard output again when `path` is `nil`; silently, as psql's `\o`.
    func sendResults(toFile path: String?) throws(CommandError)

    /// Shows output taller than the terminal through the pager, or stops doing so.
    ///
    /// - Returns: the line that says what happens now.
    func usePager(_ isOn: Bool) throws(CommandError) -> String
}
