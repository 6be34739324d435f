/// A command a feature offers on every screen (Auth's `whoami` and `logout`).
@MainActor
public struct FeatureCommand {
    /// Its name, arguments and summary, as `help` lists them.
    public let definition: ScreenCommand
    /// An example for `help <command>`.
    public let example: String
    /// Runs it; throws a one-line message for bad arguments. The REPL awaits it.
    public let run: @MainActor ([String]) async throws(CommandError) -> Void

    public init(
        _ definition: ScreenCommand,
        example: String,
        run: @escaping @MainActor ([String]) async throws(CommandError) -> Void
    ) {
        self.definition = definition
        self.example = example
        self.run = run
    }
}
