import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import ArgumentParser
import CStandardStreams
import Foundation
import LineEditing

/// `agora`: the Agora REPL. Drives any feature interactively, or runs commands from a pipe or a
/// script with plain output.
@main
struct AgoraCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agora",
        abstract: "Explore Agora's features: an interactive shell over the app's screens.",
        discussion: """
            With no script and a terminal, agora is interactive (line editing, history, TAB). \
            With piped input, --script or -c it runs the commands and prints plain output; \
            the exit status is 0 only when every command succeeded. A script's errors name their \
            place (FILE:4: error: …, <stdin>:4: error: …, -c 2:3: error: …), and a script cannot answer the login prompt: \
            a command of --script or -c left waiting for a login fails, so log in first.

            A command's free text (post's) is the rest of its line as typed: quotes, backslashes, \
            '#' and runs of spaces are kept. In a -c value only ';' is special: it ends the \
            command, and '\\;' is a ';' inside it.

            Mode: --oss or --live, else AGORA_MODE=oss|live, else Secrets.isOSS (true on a fresh clone). \
            The environment variables it reads are listed after the options.
            """,
        version: AgoraVersion.current
    )

    @Flag(name: .customLong("oss"), help: "Run on mock services: deterministic data, no network.")
    var oss = false

    @Flag(name: .customLong("live"), help: "Run against agora-server at AGORA_SERVER_URL, else Secrets.apiBaseURL.")
    var live = false

    @Option(
        name: .customLong("script"),
        help: ArgumentHelp(
            "Run the commands in FILE, one per line; '-' reads them from standard input. A line starting with '#' is a comment, and so is ' #' and what follows it after a command's words (whoami # note); free text keeps its '#'.",
            valueName: "file"
        ), completion: .file())
    var script: String?

    @Option(
        name: .customShort("c"),
        help: ArgumentHelp(
            "Run these commands, e.g. -c 'open agora://events; more'; repeat -c for more (-c 'open agora://events' -c 'open 1'). Each ';' ends a command, quotes or not; write '\\;' for a ';' inside one (-c 'post Lunch\\; then talks').",
            valueName: "commands"
        )
    )
    var commands: [String] = []

    @Flag(name: .customLong("verbose"), help: "Log each request to agora-server on standard error (method, path, status, time); as AGORA_LOG=debug.")
    var verbose = false

    @Flag(name: .customLong("bail"), help: "Stop at the first command that fails: for --script, -c or piped input, refused at a terminal.")
    var bail = false

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "How commands' output is written: table (default); json, one object per command (command, source, screen, ok, title, rows keyed by column, messages, errors); tsv, the rows tab-separated, messages and errors on standard error. For scripts. As `format` at the prompt.",
            valueName: "table|json|tsv"
        ))
    var format: OutputFormat = .table

    @Option(
        name: .customLong("feature"),
        help: ArgumentHelp(
            "Start with only this feature (Auth, Events, Comments, Activities) and the features it needs: the playground for one feature.",
            valueName: "name"
        ))
    var feature: String?

    @Flag(name: .customLong("trace"), help: "Start with `trace on`: every input, output, signal, stack change and service request on standard error.")
    var trace = false

    @Flag(
        name: .customShort("X"),
        help: "Do not run the startup file ($XDG_CONFIG_HOME/agora/agorarc, else ~/.config/agora/agorarc), which runs before the first prompt at a terminal."
    )
    var skipsStartupFile = false

    func validate() throws {
        if oss && live { throw ValidationError("--oss and --live exclude each other: pass one.") }
        if script != nil && !commands.isEmpty { throw ValidationError("--script and -c exclude each other: pass one.") }
    }

    /// Parses the command line and runs. A command line that cannot run is told as every other
    /// error is, one line `error: <Sentence.>` saying where the options are, rather than the
    /// parser's `Error:` and its usage; `--help` and a run's own status go as the parser sends them.
    static func main() async {
        do {
            let command = try parse()
            try await command.run()
        } catch let status as ExitCode {
            // A run's own status, the way every run ends, with nothing to print: the parser's
            // `exit(withError:)` and the checks below would lay out its messages, and the
            // whole help, to find that out.
            Foundation.exit(status.rawValue)
        } catch {
            let width = EnvironmentHelp.helpWidth
            if exitCode(for: error) == .success, fullMessage(for: error) == helpMessage(columns: width) {
                // The help, with the environment laid out after the options at the same width.
                let options = helpMessage(columns: width).trimmingCharacters(in: .newlines)
                let help = options + "\n\n" + EnvironmentHelp.lines(width: width).joined(separator: "\n") + "\n"
                _ = StandardStream.output.write(Array(help.utf8))
                exit(withError: nil)
            }
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = TerminalText.line(message(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
            let sentence = message.hasSuffix(".") || message.hasSuffix("?") ? message : message + "."
            _ = StandardStream.error.write(Array("error: \(sentence) Type `agora --help` for the options.\n".utf8))
            exit(withError: ExitCode.validationFailure)
        }
    }

    func run() async throws {
        LargeBlocks.returnToSystemWhenFreed()
        // The terminal draws each output as it changes (`observe`); nothing here tracks one
        // through the Observation framework, so its bookkeeping is spared.
        await MainActor.run { ObservableOutputs.areTracked = false }
        // A reader that goes away (`agora … | head -1`) makes the next write fail with EPIPE,
        // which StandardStream ends quietly, rather than killing agora with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // CStandardStreams ended the process before `main` if a stream was closed; the call
        // keeps its object file, and so that check, linked.
        _ = agora_standard_streams_were_open()
        do {
            RequestLogging.bootstrap(level: try RequestLogging.level(in: ProcessInfo.processInfo.environment, verbose: verbose))
        } catch {
            _ = StandardStream.error.write(Array("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        // Every -c in order, each split into its commands (psql's -c, with ';' inside one), each
        // command placed at its -c for its errors.
        let lines = commands.isEmpty ? nil : ScriptLine.lines(ofOneLineScripts: commands)
        let status = await REPLHost(
            flag: oss ? .oss : live ? .live : nil, script: script, commands: lines, bail: bail, format: format, feature: feature, trace: trace,
            skipsStartupFile: skipsStartupFile
        ).run()
        throw ExitCode(status)
    }
}

extension OutputFormat: ExpressibleByArgument {
    /// `--format table|json|tsv`, in the words `format` takes at the prompt.
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
