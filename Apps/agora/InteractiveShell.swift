import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import LineEditing

/// The REPL on a terminal: libedit for lines (history, TAB), Ctrl-C that clears the line or stops
/// the running command, hidden input for secrets, a dim prompt and a spinner for slow work.
@MainActor
struct InteractiveShell {
    let session: REPLSession
    /// Standard output as agora started, where the banner and the spinner go.
    let console: StandardConsole
    /// What commands write to, in the format and to the file the user chose.
    let results: ResultsConsole
    /// Output taller than the terminal goes through it; `nil` when standard output is no terminal.
    let pager: Pager?
    let mode: AppMode
    let bail: Bool

    /// Runs the `startup` commands (the startup file's), then the user's until they leave.
    func run(startup: [ScriptLine]) async -> Int32 {
        let reader = EditLineReader(historyFile: session.application.configuration.paths.historyFile)
        let spinner = Spinner(console: console)
        // The spinner draws on standard error: not when that goes to a file.
        if Terminal.isErrorInteractive { session.busyIndicator = spinner }
        // Ctrl-C goes to the line being typed if there is one, else to the command that runs.
        let interrupts = InterruptSignal { [session, console] in
            if reader.interruptRead() { return }
            Task { @MainActor in
                // Marks the line as a status line, so the "^C" the terminal echoed is erased.
                console.showStatus("")
                if !session.interrupt() { console.clearStatus() }
            }
        }
        defer { interrupts?.uninstall() }
        // What another member does on the event shown is said above the line being typed.
        session.application.onEventChange { [weak session] eventID, change in
            Task { @MainActor in
                guard let notice = session?.notice(of: change, on: eventID) else { return }
                // Names come from the server: through the terminal's sanitising.
                reader.showNotice(TerminalText.line(notice))
            }
        }
        // So is what happens in the user's own feed, while it is shown.
        session.application.onMemberChange { [weak session] change in
            Task { @MainActor in
                guard let notice = session?.notice(of: change) else { return }
                reader.showNotice(TerminalText.line(notice))
            }
        }

        sayOnTerminal(session.banner)
        // The name and email come from the session file and a server: through the console's sanitising.
        if let user = session.application.sessions.user { sayOnTerminal("Logged in as \(user.name) <\(user.email)>.") }
        // Comments queued in an earlier run are sent only from their event's screen: said once here.
        if let note = await session.application.queuedCommentsNote() { sayOnTerminal(note) }
        if !startup.isEmpty { await runStartup(startup) }
        // An interactive session ends well however many commands failed on the way (as in sqlite3).
        _ = await session.run({ prompt in await nextLine(prompt: prompt, reader: reader) }, bail: bail)
        // `quit` ends the run without asking for another line: what it wrote is still held.
        await pager?.showHeldOutput()
        if let note = await session.application.queuedCommentsNote() { sayOnTerminal(note) }
        return 0
    }

    /// The startup file's commands, before the first prompt: each error names its line
    /// (`…/agorarc:3: error: …`), and one that fails stops neither the rest nor the shell. Its
    /// lines are not shown, so they are not timed: `timing on` there is for the commands typed.
    private func runStartup(_ lines: [ScriptLine]) async {
        var remaining = lines[...]
        _ = await session.run(
            { _ in
                await pager?.showHeldOutput()
                let line = remaining.popFirst()
                results.errorPlace = line?.place
                if line != nil { pager?.holdOutput() }
                return line?.text
            }, unshown: true)
        results.errorPlace = nil
    }

    /// The next command line; `nil` when the user leaves (Ctrl-D on an empty line).
    private func nextLine(prompt: String, reader: EditLineReader) async -> String? {
        // The previous command has ended: what it wrote is shown, through the pager when tall.
        await pager?.showHeldOutput()
        await session.readLinkIDs()
        while true {
            reader.setCompletionProvider { [table = session.completionTable] request in
                table.candidates(line: request.line, wordStart: request.wordStart)
            }
            switch await reader.readLine(prompt: styled(prompt)) {
            case .endOfInput:
                sayOnTerminal("")  // libedit leaves the cursor after "^D"
                return nil
            case .interrupted:
                sayOnTerminal("^C")  // the line is dropped: a fresh prompt follows
                continue
            case .line(let line):
                if session.mayRemember(line) { reader.addHistory(line) }
                guard session.asksForHiddenValue(line) else {
                    pager?.holdOutput()
                    return line
                }
                guard let secretLine = await askSecret(for: line, reader: reader) else { continue }
                pager?.holdOutput()
                return secretLine
            }
        }
    }

    /// `password` or `code` typed alone: asks for the value with echo off and returns the line as
    /// if it had been typed with it; `nil` when the user pressed Ctrl-C or Ctrl-D instead.
    private func askSecret(for line: String, reader: EditLineReader) async -> String? {
        let name = line.trimmingCharacters(in: .whitespaces)
        guard case .line(let secret) = await reader.readSecret(prompt: "\(name.prefix(1).uppercased())\(name.dropFirst()) (hidden): ") else {
            return nil
        }
        return "\(name) \(Self.quoted(secret))"
    }

    /// One word as the REPL splits a line into words, whatever `text` contains: single quotes keep
    /// everything literal, and a quote inside is closed, escaped and reopened.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Writes a line of the session itself (the banner, `^C`) where the prompts are drawn:
    /// the terminal agora started on, or standard error when output goes to a pipe or a file
    /// (`agora | tee log`), so it comes before the first prompt and stays out of the log.
    private func sayOnTerminal(_ line: String) {
        guard !Terminal.isOutputInteractive else { return results.note(line) }
        StandardStream.error.writeOrEnd(Array((TerminalText.line(line) + "\n").utf8))
    }

    /// The prompt with its mode dimmed when colour is on.
    private func styled(_ prompt: String) -> String {
        let modeName = mode.rawValue
        guard console.isColored, prompt.hasPrefix(modeName) else { return prompt }
        return Terminal.dimmedPromptText(modeName) + prompt.dropFirst(modeName.count)
    }
}
