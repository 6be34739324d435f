import AgoraREPL
import AgoraTerminalUI

/// What the shell's settings change in the `agora` process: the format of what commands show and
/// the file it goes to.
@MainActor
final class ProcessShellHost: ShellHost {
    private let results: ResultsConsole
    private let route: StandardOutputRoute

    init(results: ResultsConsole, route: StandardOutputRoute) {
        self.results = results
        self.route = route
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
        guard !path.isEmpty else { throw CommandError("output takes a file name, got an empty one; `output` alone writes to standard output again") }
        try route.send(toFile: path)
        results.setWritingToFile(true)
    }
}
