import AgoraREPL
import AgoraTerminalUI

/// The console the session writes to, whose format and destination change at the prompt
/// (`format json`, `output FILE`): lines go to the console of the format in force, and while
/// standard output is a file, to one with no colour and no width.
@MainActor
final class ResultsConsole: Console {
    /// Standard output as agora started: at a terminal coloured and as wide as the terminal.
    let standard: StandardConsole
    /// Standard output for a program or a file: no colour, lines never cut or wrapped (a JSON
    /// record stays one line even at a terminal).
    private let plain: StandardConsole
    /// Where agora's standard output pointed when it started (the terminal), wherever standard
    /// output points now: lines about the session go there while results go to a file.
    private let started: StandardConsole
    private(set) var format: OutputFormat
    /// The console of `json` and `tsv`; `nil` for tables.
    private var structured: StructuredConsole?
    /// Whether standard output goes to a file the user named (`output FILE`).
    private(set) var isWritingToFile = false

    /// - Parameters:
    ///   - standard: standard output, wherever it points.
    ///   - started: standard output as agora started, whatever `output FILE` does.
    ///   - format: the format at the start (`--format`).
    init(standard: StandardConsole, started: StandardConsole, format: OutputFormat) {
        self.standard = standard
        self.started = started
        plain = StandardConsole(width: nil, colored: false, buffered: standard.isBuffered)
        self.format = format
        use(format)
    }

    /// Where the command running now was read, for its errors (`FILE:4: error: …`).
    var errorPlace: String? {
        get { standard.errorPlace }
        set {
            standard.errorPlace = newValue
            plain.errorPlace = newValue
        }
    }

    private var current: any Console { structured ?? (isWritingToFile ? plain : standard) }

    var width: Int? { current.width }
    func print(_ line: String) { current.print(line) }
    func print(_ line: String, style: LineStyle) { current.print(line, style: style) }
    /// An error goes to standard error in the terminal's colours (erasing a spinner first), or
    /// into the command's JSON record.
    func error(_ message: String) {
        if let structured { structured.error(message) } else { standard.error(message) }
    }
    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        current.showRows(rows(), isWholeTable: isWholeTable)
    }

    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool {
        current.showRecord(record())
    }

    /// While results go to a file, a line about the session goes to the terminal, as psql's
    /// `\o` leaves it; otherwise it goes with the results (through the pager, in order).
    func note(_ line: String) {
        guard isWritingToFile, structured == nil else { return current.note(line) }
        flush()
        started.print(line)
        started.flush()
    }

    func showTiming(milliseconds: Double) {
        guard structured == nil else { return current.showTiming(milliseconds: milliseconds) }
        note(Self.timingLine(milliseconds: milliseconds))
    }

    /// Writes what follows in `format`.
    func use(_ format: OutputFormat) {
        flush()
        self.format = format
        structured = format == .table ? nil : StructuredConsole(format: format, output: plain)
    }

    /// Writes what follows for a file (`true`) or for standard output as agora started.
    func setWritingToFile(_ isWritingToFile: Bool) {
        flush()
        self.isWritingToFile = isWritingToFile
    }

    /// What changes once the running command has ended (where output goes).
    private var afterCommandEnds: [@MainActor () -> Void] = []

    /// Runs `change` once the running command has ended and its record is written.
    func afterCommand(_ change: @escaping @MainActor () -> Void) {
        afterCommandEnds.append(change)
    }

    /// Ends a command: in JSON, writes its record; then what was to change after it changes.
    func commandEnded(_ command: String, screen: String?, succeeded: Bool) {
        structured?.commandEnded(command, source: errorPlace, screen: screen, succeeded: succeeded)
        // What the console holds back belongs where output went until now.
        flush()
        let changes = afterCommandEnds
        afterCommandEnds = []
        for change in changes { change() }
    }

    /// Ends the run: in JSON, what was said after the last command becomes a record of its own.
    func finish(screen: String?) {
        structured?.finish(screen: screen)
    }

    /// Writes the output held back, if any.
    func flush() {
        standard.flush()
        plain.flush()
        started.flush()
    }
}
