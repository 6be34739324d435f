/// Told when the REPL starts and stops waiting for work a command started, so a terminal host can
/// show that something is happening (a spinner). The engine itself draws nothing.
@MainActor
public protocol BusyIndicating: AnyObject {
    /// A command's work is still running after the command returned.
    func workStarted()
    /// That work has finished or was cancelled; the next prompt follows.
    func workEnded()
}
