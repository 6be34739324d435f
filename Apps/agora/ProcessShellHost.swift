import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI

/// What the shell's settings change in the `agora` process: the format of what commands show, the
/// file it goes to, the pager, the editor.
@MainActor
final class ProcessShellHost: ShellHost {
    private let results: ResultsConsole
    private let route: StandardOutputRoute
    /// The pager, where standard output is a terminal; `nil` where a program or a file reads it.
    private let pager: Pager?
    private let editor: Editor
    /// The dates' spaces: plain in a file, as standard output as agora started wants them otherwise.
    private let dateSpacing: DateSpacing
    private let startedWithPlainDates: Bool

    init(results: ResultsConsole, route: StandardOutputRoute, pager: Pager?, editor: Editor, dateSpacing: DateSpacing) {
        self.results = results
        self.route = route
        self.pager = pager
        self.editor = editor
        self.dateSpacing = dateSpacing
        startedWithPlainDates = dateSpacing.isPlain
    }

    var format: OutputFormat { results.format }

    func useFormat(_ format: OutputFormat) throws(CommandError) {
        results.use(format)
    }

    /// Output moves once the command has ended: its own record (`--format json`) goes where
    /// output went until now, and the file holds only what later commands show, as with psql's
    /// `\o`. A file that cannot be written is said at once.
    func sendResults(toFile path: String?) throws(CommandError) {
        let (route, results, dateSpacing, startedWithPlainDates) = (route, results, dateSpacing, startedWithPlainDates)
        guard let path else {
            results.afterCommand {
                route.sendToStarted()
                results.setWritingToFile(false)
                dateSpacing.usePlainSpaces(startedWithPlainDates)
            }
            return
        }
        guard !path.isEmpty else { throw CommandError("`output` takes a file name, got an empty one; `output` alone writes to standard output again.") }
        let file = try route.openUserFile(path)
        results.afterCommand {
            route.send(toOpened: file)
            results.setWritingToFile(true)
            // A file is read by programs and `grep '5:00 PM'`: plain spaces, as in any output
            // that is not a terminal.
            dateSpacing.usePlainSpaces(true)
        }
    }

    func usePager(_ isOn: Bool) -> String {
        // As psql's: outside a terminal the setting changes nothing, and a script that sets it
        // (a startup file shared with the terminal) runs on.
        guard let pager else {
            return isOn ? "Pager is on: it pages only at a terminal, and here a program or a file reads output whole." : "Pager is off."
        }
        pager.isOn = isOn
        return isOn ? "Pager is on: output taller than the terminal goes through `\(pager.command)`." : "Pager is off."
    }

    func editText() async throws(CommandError) -> String {
        try await editor.edit(terminal: route.startedOutput)
    }
}
