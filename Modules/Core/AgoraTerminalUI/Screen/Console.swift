/// Where screens write. The REPL passes the process's standard output; tests pass a
/// buffer (AgoraTestSupport's `BufferConsole`) and compare the text.
@MainActor
public protocol Console: AnyObject, Sendable {
    /// Columns available for a line; `nil` means do not truncate (output is not a terminal).
    var width: Int? { get }
    /// Writes one line of output.
    func print(_ line: String)
    /// Writes a one-line error ("error: …").
    func error(_ message: String)
    /// Writes one line with an emphasis only a terminal shows (a table's header); elsewhere, and
    /// by default, exactly as ``print(_:)``. The whole line is styled, so column widths computed
    /// from its text stay true.
    func print(_ line: String, style: LineStyle)
    /// Takes rows a screen shows as data — a console that writes tables as JSON or TSV — and
    /// returns `true`; or returns `false` (the default), and the screen prints them as lines.
    ///
    /// - Parameters:
    ///   - rows: the rows shown now: a whole table, a page appended or the rows that changed.
    ///   - isWholeTable: whether `rows` are the whole table (under `title`).
    ///   The rows are made only when asked for: a text console never pays for them.
    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool
    /// Takes one thing shown whole as data and returns `true`, as ``showRows(_:isWholeTable:)``
    /// does for tables; or returns `false` (the default), and the screen prints its lines.
    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool
    /// Writes one line about the session itself, not a command's result ("Timing is on."): it
    /// stays where the person typing reads it while results go to a file (`output FILE`), as
    /// psql's do. By default, and on a console with one destination, exactly as ``print(_:)``.
    func note(_ line: String)
    /// Says how long the command that just ended took, its work included (`timing on`): a line
    /// `Time: 12.015 ms` about the session by default; a number in a command's data elsewhere.
    func showTiming(milliseconds: Double)
}

/// Rows of a table as data: the column titles and some numbered rows, their cells still typed
/// (a date is a date, a count a number).
public struct TableRows: Sendable, Equatable {
    /// One row: its number as shown (`#`), its item's identity and its cells.
    public struct Row: Sendable, Equatable {
        public let number: Int
        /// The item's identity; `nil` for one that has none yet (``TableRow/id``).
        public let id: String?
        public let cells: [TableCell]
        /// Facts about the row beside its cells (``TableRow/fields``).
        public let fields: [TableRow.Field]

        public init(number: Int, id: String?, cells: [TableCell], fields: [TableRow.Field] = []) {
            self.number = number
            self.id = id
            self.cells = cells
            self.fields = fields
        }
    }

    /// The line above the table ("Upcoming events").
    public let title: String
    /// The titles of the cells' columns (`#` is not one of them).
    public let columns: [String]
    public let rows: [Row]

    public init(title: String, columns: [String], rows: [Row]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}

/// An emphasis for a whole line of output.
public enum LineStyle: Sendable {
    /// The header of a table: bold on a terminal.
    case heading
}

extension Console {
    /// Writes each line.
    public func print(lines: [String]) {
        for line in lines { print(line) }
    }

    /// Plain: a console that knows no styles writes the text alone.
    public func print(_ line: String, style: LineStyle) { print(line) }

    /// Lines: a console takes no tables as data unless it says so.
    public func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool { false }

    /// Lines: a console takes no record as data unless it says so.
    public func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool { false }

    /// One destination: a line about the session is a line like any other.
    public func note(_ line: String) { print(line) }

    /// A line about the session, as psql's `\timing` writes it.
    public func showTiming(milliseconds: Double) { note(Self.timingLine(milliseconds: milliseconds)) }

    /// `Time: 12.015 ms`: milliseconds to three places, as psql's `\timing`.
    public static func timingLine(milliseconds: Double) -> String {
        let thousandths = Int((max(milliseconds, 0) * 1_000).rounded())
        let fraction = String(thousandths % 1_000)
        return "Time: \(thousandths / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}

/// The process's standard output and standard error.
///
/// Every line passes through ``TerminalText/line(_:)`` before a style is added, so text from a
/// server, the mock or the cache never acts on the terminal. A stream that cannot be written
/// (full, closed, its reader gone) ends the process with one line on the other stream (see
/// ``StandardStream``).
///
/// On a terminal it may colour (errors red, headings bold) and keep a transient status line (a
/// spinner) on standard error, which it erases before writing anything else. Without colour and
/// status it writes exactly the text it is given.
///
/// For a script or a pipe it can hold output back (`buffered`) and write it in one go at
/// ``flush()``: one system call per command rather than per line. Standard error is written at
/// once and always after the output before it, so the two streams keep their order.
@MainActor
public final class StandardConsole: Console {
    /// The terminal's columns as they are now, read on each use so a resized terminal lays out
    /// the next table at its new width; `nil` when output is not a terminal.
    public var width: Int? { currentWidth() }
    private let currentWidth: @MainActor () -> Int?
    /// Whether lines carry ANSI styles: only on a terminal, and never with `NO_COLOR`.
    public let isColored: Bool
    /// Whether output waits for ``flush()`` (or 64 KiB).
    public let isBuffered: Bool
    /// Where the command running now was read, when a script gave it (`FILE:4`, `-c 2`): each
    /// error then starts with it (`FILE:4: error: …`), as a compiler's and psql's do.
    public var errorPlace: String?
    /// Where lines go: standard output, or the terminal agora started on when standard output
    /// now points elsewhere (for lines about the session while results go to a file).
    private let output: StandardStream
    private var isStatusShown = false
    private var pending: [UInt8] = []
    private static let flushThreshold = 64 * 1_024

    /// - Parameters:
    ///   - width: the terminal's width, or `nil` when output is not a terminal.
    ///   - colored: style lines with ANSI escapes; pass `true` only for a terminal.
    ///   - buffered: hold output until ``flush()``; the owner flushes after each command and
    ///     before waiting for input. Never for a terminal, where a person watches lines appear.
    public convenience init(width: Int?, colored: Bool = false, buffered: Bool = false) {
        self.init(currentWidth: { width }, colored: colored, buffered: buffered)
    }

    /// - Parameters:
    ///   - currentWidth: the terminal's columns now (a terminal's size, asked each time), or
    ///     `nil` when output is not a terminal.
    ///   - colored: style lines with ANSI escapes; pass `true` only for a terminal.
    ///   - buffered: hold output until ``flush()``.
    ///   - output: where lines go; errors and the status line always go to standard error.
    public init(
        currentWidth: @escaping @MainActor () -> Int?, colored: Bool = false, buffered: Bool = false, output: StandardStream = .output
    ) {
        self.currentWidth = currentWidth
        self.isColored = colored
        self.isBuffered = buffered
        self.output = output
    }

    public func print(_ line: String) {
        let safe = TerminalText.line(line)
        guard let width, TextWidth.of(safe) > width else { return write(safe) }
        // Prose wider than the terminal breaks between words, under its own indent and two
        // columns further for the lines it goes on to, rather than wherever the terminal would
        // cut it. (A table's lines already fit.)
        let indent = String(safe.prefix { $0 == " " })
        for wrapped in WrappedText.lines(String(safe.dropFirst(indent.count)), width: width, indent: indent, continuation: "  ") {
            write(wrapped)
        }
    }

    public func print(_ line: String, style: LineStyle) {
        switch style {
        case .heading: write(styled(TerminalText.line(line), ANSIStyle.bold))
        }
    }

    public func error(_ message: String) {
        clearStatus()
        flush()
        let place = errorPlace.map { "\(TerminalText.line($0)): " } ?? ""
        // On a terminal, broken between words as prose is, its later lines indented.
        let text = "\(place)error: \(TerminalText.line(message))"
        let lines = width.map { WrappedText.lines(text, width: $0, continuation: "  ") } ?? [text]
        StandardStream.error.writeOrEnd(Array(lines.map { styled($0, ANSIStyle.red) + "\n" }.joined().utf8))
    }

    /// Writes a line whose parts each went through ``TerminalText/line(_:)`` already, joined by
    /// tabs: a TSV row, whose tabs must stay tabs.
    public func print(tabSeparated fields: [String]) {
        write(fields.map(TerminalText.line).joined(separator: "\t"))
    }

    /// Writes the output held back, if any.
    public func flush() {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        output.writeOrEnd(bytes)
    }

    /// Shows `text` as the status line on standard error, in place of the previous one (no
    /// newline: the cursor stays on it). For a terminal only.
    public func showStatus(_ text: String) {
        flush()
        isStatusShown = true
        StandardStream.error.writeOrEnd(Array(("\r" + styled(TerminalText.line(text), ANSIStyle.dim) + ANSIStyle.clearToEndOfLine).utf8))
    }

    /// Erases the status line, if one is shown.
    public func clearStatus() {
        guard isStatusShown else { return }
        isStatusShown = false
        StandardStream.error.writeOrEnd(Array(("\r" + ANSIStyle.clearToEndOfLine).utf8))
    }

    /// Writes one line of output that is already safe for the terminal.
    private func write(_ line: String) {
        clearStatus()
        guard isBuffered else {
            output.writeOrEnd(Array((line + "\n").utf8))
            return
        }
        pending.append(contentsOf: line.utf8)
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= Self.flushThreshold { flush() }
    }

    private func styled(_ text: String, _ style: String) -> String {
        isColored ? style + text + ANSIStyle.reset : text
    }
}

/// The few ANSI escape sequences the console uses.
public enum ANSIStyle {
    public static let bold = "\u{1B}[1m"
    public static let dim = "\u{1B}[2m"
    public static let red = "\u{1B}[31m"
    public static let reset = "\u{1B}[0m"
    public static let clearToEndOfLine = "\u{1B}[K"
}
