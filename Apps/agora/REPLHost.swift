import AgoraApp
import AgoraArchitecture
import AgoraREPL
import Foundation
import LineEditing

/// Puts the REPL session on a real process: picks the mode, the console and the line source.
@MainActor
struct REPLHost {
    let flag: AppMode?
    let script: String?
    /// The commands of `-c`, already split.
    let commands: [String]?
    let bail: Bool

    func run() async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let mode: AppMode
        do {
            mode = try AppMode.select(flag: flag, environment: environment)
        } catch {
            return fail(error.description)
        }
        let interactive = script == nil && commands == nil && Terminal.isInteractive
        let console = StandardConsole(width: interactive ? Terminal.width : nil)
        let session: REPLSession
        do {
            let configuration = AppConfiguration(mode: mode, sessionPersistence: SessionFile(paths: AgoraPaths(), mode: mode))
            session = try REPLSession(configuration: configuration, console: console)
        } catch {
            return fail(error.description)
        }

        if let commands {
            var lines = commands[...]
            return await session.run({ _ in lines.popFirst() }, bail: bail)
        }
        if let script {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                return fail("cannot read script '\(script)': check the path and that it is UTF-8 text")
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            return await session.run({ _ in lines.popFirst() }, bail: bail)
        }
        if interactive {
            return await runInteractive(session, mode: mode)
        }
        let reader = PlainLineReader()
        return await session.run({ prompt in
            if case .line(let line) = await reader.readLine(prompt: prompt) { return line }
            return nil
        }, bail: bail)
    }

    private func runInteractive(_ session: REPLSession, mode: AppMode) async -> Int32 {
        let reader = EditLineReader(historyFile: AgoraPaths().historyFile)
        print("Agora 0.1 (\(mode.rawValue) mode). Type `help` for commands, `open agora://events` to start, Ctrl-D to leave.")
        if let user = session.application.sessions.user { print("Logged in as \(user.name) <\(user.email)>.") }
        // An interactive session ends well however many commands failed on the way (as in sqlite3).
        _ = await session.run({ prompt in
            reader.setCompletionProvider { [table = session.completionTable] request in
                table.candidates(line: request.line, wordStart: request.wordStart)
            }
            guard case .line(let line) = await reader.readLine(prompt: prompt) else {
                print("")  // libedit leaves the cursor after "^D"
                return nil
            }
            if session.mayRemember(line) { reader.addHistory(line) }
            return line
        }, bail: bail)
        return 0
    }

    private func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return 2
    }
}
