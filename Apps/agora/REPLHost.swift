import AgoraApp
import AgoraArchitecture
import AgoraMocks
import AgoraREPL
import AgoraTerminalUI
import Foundation
import LineEditing

/// Puts the REPL session on a real process: picks the mode, the console and the line source.
@MainActor
struct REPLHost {
    let flag: AppMode?
    let script: String?
    /// The commands of `-c`, already split, each with the `-c` it came from.
    let commands: [ScriptLine]?
    let bail: Bool
    let format: OutputFormat
    /// `--feature`: the one feature (and those it needs) to start with; every feature when `nil`.
    let feature: String?
    /// `--trace`: tracing on from the start.
    let trace: Bool
    /// `-X`: the startup file is not run.
    let skipsStartupFile: Bool

    func run() async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let mode: AppMode
        do {
            mode = try AppMode.select(flag: flag, environment: environment)
        } catch {
            return fail(error.description)
        }
        let interactive = script == nil && commands == nil && Terminal.isInteractive
        if interactive && bail {
            return fail("--bail is for scripts: it stops --script, -c or piped input at the first failing command; leave it out at a terminal.")
        }
        if interactive && format != .table && Terminal.isOutputInteractive {
            return fail("--format \(format.rawValue) is for scripts: use it with --script, -c or piped input; at a terminal, leave it out.")
        }
        // Styles only where both streams are a terminal: a log behind `| tee` stays plain text.
        let colored =
            interactive && Terminal.allowsColor(environment: environment, isTerminal: Terminal.isOutputInteractive && Terminal.isErrorInteractive)
        // A script or a pipe gets its output a command at a time; a person at a terminal, a line at a time.
        // A terminal's width is read as each table is laid out: it follows a resize. At the
        // prompt it is read from standard input, the terminal the user types at: standard output
        // may be a file holding a command's output for the pager. A script (`-c`) printing to a
        // terminal fits that terminal too; to a file or a pipe, lines are whole.
        let widthSource: Int32? = interactive ? STDIN_FILENO : Terminal.isOutputInteractive ? STDOUT_FILENO : nil
        let console = StandardConsole(currentWidth: { widthSource.map(Terminal.width(of:)) }, colored: colored, buffered: !interactive)
        let route = StandardOutputRoute()
        let startedOutput = StandardConsole(
            currentWidth: { widthSource.map(Terminal.width(of:)) }, colored: colored, buffered: !interactive,
            output: StandardStream(descriptor: route.startedDescriptor, name: "standard output"))
        // JSON or TSV: tables as data, a record per command; `format` changes it at the prompt.
        let results = ResultsConsole(standard: console, started: startedOutput, format: format)
        let latency: Duration
        let timeout: Duration
        let mockComments: Int?
        let simulatedMember: SimulatedMember?
        do {
            simulatedMember = try SimulatedMember.fromEnvironment(environment)
        } catch {
            return fail(error.description)
        }
        do {
            latency = try MockLatency.duration(in: environment)
        } catch {
            return fail(error.description)
        }
        do {
            mockComments = try MockCommentCount.count(in: environment)
        } catch {
            return fail(error.description)
        }
        do {
            timeout = try RequestTimeout.duration(in: environment, default: AppConfiguration.defaultRequestTimeout)
        } catch {
            return fail(error.description)
        }
        // One set of paths for the session file, the history and what `env` shows.
        let paths = AgoraPaths(environment: environment)
        let serverText = ServerAddress.select(environment: environment)
        // Live mode's session and cache belong to one server: its address is checked first.
        var server: URL?
        if mode == .live {
            do {
                server = try ServerAddress.url(serverText)
            } catch {
                return fail(error.description)
            }
        }
        var features = AgoraPlugins.all
        if let feature {
            do {
                features = try FeatureSelection.features(named: feature)
            } catch {
                return fail(error.description)
            }
        }
        let session: REPLSession
        do {
            var configuration = AppConfiguration(
                mode: mode, sessionPersistence: SessionFile(paths: paths, mode: mode, server: server), paths: paths,
                apiBaseURL: serverText, requestTimeout: timeout,
                cacheLocation: AppConfiguration.defaultCacheLocation(for: mode, paths: paths, server: server)
            )
            // A script reading agora's output finds `5:00 PM` with a plain space.
            configuration.environment.plainSpacesInDates = !Terminal.isOutputInteractive
            // A script sees each list once, as loaded, whatever this device's cache held.
            configuration.environment.showsCachedListsFirst = Terminal.isOutputInteractive
            configuration.mockService.latency = latency
            if mode == .live {
                configuration.keepDeviceID(in: DeviceFile(paths: paths, mode: mode, server: server))
            }
            if let mockComments { configuration.setMockCommentCount(mockComments) }
            session = try REPLSession(configuration: configuration, console: results, features: features)
        } catch {
            return fail(error.description)
        }
        // Acts for as long as agora runs, in OSS mode's world only.
        if mode == .oss, let simulatedMember {
            let backend = session.application.configuration.mockService.backend
            Task.detached { await simulatedMember.act(on: backend) }
        }

        if mode == .live, FileManager.default.fileExists(atPath: paths.sharedLiveCacheFile.path) {
            console.print(
                "Note: \(paths.sharedLiveCacheFile.path) is an earlier Agora's cache, shared by every server, and is no longer read; each server now has its own. Comments still queued in it were not sent: delete it once you no longer need them."
            )
        }

        var scriptLines = commands
        if let script {
            guard let text = ScriptFile.text(at: script) else {
                return fail("Cannot read script '\(script)': check the path and that it is UTF-8 text (`--script -` reads standard input).")
            }
            // One command a line, whatever ends it ("\r\n" is one Character, not "\n").
            scriptLines = ScriptLine.lines(ofFile: script, text: text)
        }
        session.explorer.traceFormat = format
        if format == .table, Terminal.isErrorInteractive {
            // Broken between words to the terminal's width, later lines indented, as errors are.
            session.explorer.traceWriter = { line in
                let lines = WrappedText.lines(line, width: Terminal.width(of: STDERR_FILENO), continuation: "  ")
                StandardStream.error.writeOrEnd(Array(lines.map { $0 + "\n" }.joined().utf8))
            }
        }
        if trace { session.explorer.startTracing() }
        // Paged only where a person reads standard output.
        let pager = interactive && Terminal.isOutputInteractive ? Pager(environment: environment, route: route) : nil
        session.host = ProcessShellHost(
            results: results, route: route, pager: pager, editor: Editor(environment: environment),
            dateSpacing: session.application.configuration.environment.dateSpacing)
        session.commandEnded = { [weak session] line, outcome in
            // A blank line or a comment is no command: it has no record.
            let words = line.trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty, !words.hasPrefix("#") else { return }
            results.commandEnded(line, screen: session?.screens.top?.route.path, succeeded: outcome != .failed)
        }
        // Asked for the next command, the previous one is done: its output goes out before
        // anything is read (a program driving agora through a pipe waits for it).
        defer {
            results.finish(screen: session.screens.top?.route.path)
            results.flush()
        }
        if interactive {
            var startup: [ScriptLine] = []
            if !skipsStartupFile {
                do {
                    startup = try StartupFile.lines(at: paths.startupFile)
                } catch {
                    console.error(error.message)
                }
            }
            let shell = InteractiveShell(session: session, console: console, results: results, pager: pager, mode: mode, bail: bail)
            return await shell.run(startup: startup)
        }
        if let scriptLines {
            var lines = scriptLines[...]
            // A script's errors name their line (`FILE:4: error: …`, `-c 2: error: …`); nothing
            // in it can answer a login prompt, so a command left at one fails.
            return await session.run(
                { _ in
                    results.flush()
                    let line = lines.popFirst()
                    results.errorPlace = line?.place
                    return line?.text
                }, bail: bail, unattended: true)
        }
        // Piped input is read as it comes (a program driving agora may answer a login prompt on
        // the next line), and its errors name their line as `--script -`'s do (`<stdin>:4`).
        let reader = PlainLineReader()
        var lineNumber = 0
        return await session.run(
            { prompt in
                results.flush()
                guard case .line(let line) = await reader.readLine(prompt: prompt) else { return nil }
                lineNumber += 1
                results.errorPlace = ScriptLine.standardInputPlace(line: lineNumber)
                return line
            }, bail: bail)
    }

    private func fail(_ message: String) -> Int32 {
        _ = StandardStream.error.write(Array("error: \(TerminalText.line(message))\n".utf8))
        return 2
    }
}
