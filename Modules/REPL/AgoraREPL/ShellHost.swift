import AgoraTerminalUI

/// What the shell's settings change outside the engine, in the process that hosts it: the
/// format and the destination of what commands show.
///
/// The `agora` executable provides one (``REPLSession/host``); without one, `output` and
/// `format` fail with a line saying they need it. Each method throws a one-line
/// ``CommandError`` naming what went wrong (a file that cannot be created).
@MainActor
public protocol ShellHost: AnyObject {
    /// Writes what the next commands show in `format`.
    func useFormat(_ format: OutputFormat) throws(CommandError)

    /// Writes what the next commands show to the file at `path`, created or emptied first, or to
    /// standard output again when `path` is `nil`; silently, as psql's `\o`.
    func sendResults(toFile path: String?) throws(CommandError)
}
