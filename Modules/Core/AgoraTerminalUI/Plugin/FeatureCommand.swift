/// A command a feature offers on every screen (Auth's `whoami` and `logout`).
@MainActor
public struct FeatureCommand {
    /// Its name, arguments, example and summary, as `help` lists them.
    public let definition: ScreenCommand
    /// Runs it; throws a one-line message for bad arguments. The REPL awaits it.
    public let run: @MainActor ([String]) async throws(CommandError) -> Void

    public init(_ definition: ScreenCommand, run: @escaping @MainActor ([String]) async throws(CommandError) -> Void) {
        self.definition = definition
        self.run = run
    }
}
