import AgoraArchitecture
import AgoraHosting

/// A feature's view in the REPL: it holds a ViewModel's `Type`, feeds its inputs from commands
/// and writes its outputs to the console as they change.
///
/// The REPL shows the top screen of the `ApplicationCoordinator`'s stack, lists its
/// ``commands`` in `help` and TAB completion, and after each command awaits `work` so the next
/// prompt comes when what the command started has finished.
@MainActor
public protocol Screen: HostedScreen {
    /// The commands this screen understands, besides the global ones.
    var commands: [ScreenCommand] { get }
    /// Runs one of ``commands``; throws a one-line message for bad arguments.
    func perform(_ command: String, arguments: [String]) throws(CommandError)
    /// TAB candidates for the argument of `command` (row numbers, ids…).
    func completions(forArgumentOf command: String) -> [String]
    /// What a user types that sends each of the ViewModel's inputs, by input name
    /// (``InputSenders``); an input not named here is sent only by the explorer's `send`.
    var inputSenders: [String: String] { get }
}

extension Screen {
    public func completions(forArgumentOf command: String) -> [String] { [] }
    public var inputSenders: [String: String] { InputSenders.screen }
}
