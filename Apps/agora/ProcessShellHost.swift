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

    init(results: ResultsConsole, route: StandardOutputRoute, pager: Pager?, editor: Editor) {
        self.results = results
        self.route = route
        self.pager = pager
        self.editor = editor
    }

    func useFormat(_ format: OutputFormat) throws(CommandError) {
        results.use(format)
    }

    func sendResults(toFile path: String?) throws(CommandError) {
        // What the console holds back belongs where output went until now.
        results.flush()
        guard let path else {
            route.sendToStarted()
            results.setWritingToFile(false)
            return
        }
        guard !path.isEmpty else { throw CommandError("`output` takes a file name, got an empty one; `output` alone writes to standard output again.") }
        try route.send(toFile: path)
        results.setWritingToFile(true)
    }

    func usePager(_ isOn: Bool) throws(CommandError) -> String {
        guard let pager else {
            if !isOn { return "Pager is off." }
            throw CommandError("`pager` works when standard output is a terminal: here a program or a file reads it whole.")
        }
        pager.isOn = isOn
        return isOn ? "Pager is on: output taller than the terminal goes through `\(pager.command)`." : "Pager is off."
    }

    func editText() async throws(CommandError) -> String {
        try await editor.edit(terminal: route.startedOutput)
    }
}
