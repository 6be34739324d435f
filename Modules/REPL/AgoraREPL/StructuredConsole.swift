import AgoraTerminalUI
import Foundation

/// The console of `--format json` and `--format tsv`: screens' tables arrive as data (see
/// `Console.showRows`), and what a command showed is written when it ends: as one JSON object
/// (`Apps/agora/agora-output.schema.json` says its keys and types), or as one tab-separated
/// table, headed, a blank line before every table but the run's first.
///
/// Cells are written for a program: a date as ISO 8601 (`2026-12-02T17:00:00Z`), a count as a
/// number in JSON, and every row carries its number (`#`) and its item's `id`.
///
/// Every text passes through `TerminalText` first, as on a terminal: a program piping this into
/// `jq -r` must not receive a server's escape sequences either; it also turns a tab in a cell
/// into a space and a line break into a mark, so a TSV row stays one line of fields.
@MainActor
public final class StructuredConsole: Console {
    /// One command's record in `--format json`: every key is always there, `null` where it has
    /// no value, so a program reads each the same way after every command.
    struct CommandRecord: Encodable {
        let command: String
        /// Where a script's command was read (`FILE:4`, `-c 2`), if a script gave it.
        let source: String?
        /// The route of the screen the command left the user on (`events/42`), if any.
        let screen: String?
        let ok: Bool
        /// The title of the table shown, if one was.
        let title: String?
        let rows: [[String: JSONValue]]
        /// What was shown whole (an event, a comment), by field, if anything was.
        let record: [String: JSONValue]?
        let messages: [String]
        let errors: [String]
        /// How long the command took, its work included, in milliseconds (`timing on`).
        let timingMs: Double?

        enum CodingKeys: String, CodingKey {
            case command, source, screen, ok, title, rows, record, messages, errors, timingMs
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(command, forKey: .command)
            try container.encode(source, forKey: .source)
            try container.encode(screen, forKey: .screen)
            try container.encode(ok, forKey: .ok)
            try container.encode(title, forKey: .title)
            try container.encode(rows, forKey: .rows)
            try container.encode(record, forKey: .record)
            try container.encode(messages, forKey: .messages)
            try container.encode(errors, forKey: .errors)
            try container.encode(timingMs, forKey: .timingMs)
        }
    }

    public let format: OutputFormat
    /// Output is never cut to a width: a program reads it.
    public var width: Int? { nil }
    private let output: StandardConsole
    private var title: String?
    /// The columns of the command's table, `#` and `id` first.
    private var columns: [String] = []
    private var rows: [[String: JSONValue]] = []
    /// Whether a TSV table was written before: the next starts after a blank line.
    private var wroteTable = false
    private var record: [String: JSONValue]?
    private var messages: [String] = []
    private var errors: [String] = []
    private var timingMs: Double?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// - Parameters:
    ///   - format: `.json` or `.tsv`.
    ///   - output: where lines go (standard output, buffered a command at a time).
    public init(format: OutputFormat, output: StandardConsole) {
        self.format = format
        self.output = output
    }

    public func print(_ line: String) {
        switch format {
        case .json: messages.append(TerminalText.line(line))
        case .tsv, .table: StandardStream.error.writeOrEnd(Array("\(TerminalText.line(line))\n".utf8))
        }
    }

    public func error(_ message: String) {
        switch format {
        case .json: errors.append(TerminalText.line(message))
        case .tsv, .table: output.error(message)
        }
    }

    public func showRows(_ makeTable: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        let table = makeTable()
        // A row's facts are columns after its cells; every row of a table has the same ones.
        let fieldNames = table.rows.first?.fields.map(\.name) ?? []
        let columns = ["#", "id"] + (table.columns + fieldNames).map(TerminalText.line)
        let values = table.rows.map { row in
            [JSONValue.number(row.number), JSONValue(id: row.id)] + (row.cells + row.fields.map(\.value)).map(JSONValue.init)
        }
        title = TerminalText.line(table.title)
        if isWholeTable || self.columns.isEmpty { self.columns = columns }
        // A row shown again in one command (a draft, then its comment posted) is recorded
        // once, as it ended.
        for row in values.map({ Dictionary(zip(columns, $0), uniquingKeysWith: { first, _ in first }) }) {
            if let number = row["#"], let index = rows.firstIndex(where: { $0["#"] == number }) {
                rows[index] = row
            } else {
                rows.append(row)
            }
        }
        return true
    }

    public func showRecord(_ makeRecord: @autoclosure () -> TableRecord) -> Bool {
        let shown = makeRecord()
        let fields = [TableRow.Field("title", .text(shown.title))] + shown.fields
        // The last thing shown whole is what the command left on screen; in TSV, its
        // `field` and `value` lines, in the order shown.
        record = Dictionary(fields.map { (TerminalText.line($0.name), Self.value(of: $0)) }, uniquingKeysWith: { first, _ in first })
        recordFields = fields.map { [TerminalText.line($0.name), Self.value(of: $0).text] }
        return true
    }

    /// The record's fields in the order shown, for TSV.
    private var recordFields: [[String]] = []

    /// A record's field as JSON: its `id` as a row's is (a number when it is one), so an item
    /// has one identity in rows and records.
    private static func value(of field: TableRow.Field) -> JSONValue {
        if field.name == "id", case .text(let id) = field.value { return JSONValue(id: id) }
        return JSONValue(field.value)
    }

    /// In JSON, the time becomes the record's `timing`, a number of milliseconds; in TSV, a line
    /// about the session on standard error, beside the rows.
    public func showTiming(milliseconds: Double) {
        switch format {
        case .json: timingMs = milliseconds
        case .tsv, .table: note(Self.timingLine(milliseconds: milliseconds))
        }
    }

    /// Ends `command`: in JSON, writes its record and starts the next one empty. A record with
    /// an error is never `ok` (quitting at a login prompt left something undone).
    ///
    /// - Parameters:
    ///   - source: where a script's command was read (`FILE:4`, `-c 2`).
    ///   - screen: the route path the user is on after it.
    ///   - succeeded: whether it succeeded.
    public func commandEnded(_ command: String, source: String? = nil, screen: String?, succeeded: Bool) {
        switch format {
        case .json:
            let commandRecord = CommandRecord(
                command: TerminalText.line(command), source: source.map(TerminalText.line), screen: screen, ok: succeeded && errors.isEmpty,
                title: title, rows: rows, record: record, messages: messages, errors: errors, timingMs: timingMs
            )
            // Encoding strings and string maps cannot fail; a record is never dropped silently.
            let data = (try? encoder.encode(commandRecord)) ?? Data(#"{"error":"the record could not be encoded"}"#.utf8)
            output.print(String(decoding: data, as: UTF8.self))
        case .tsv, .table:
            if !rows.isEmpty { writeTable(columns, rows.map { row in columns.map { row[$0]?.text ?? "" } }) }
            if !recordFields.isEmpty { writeTable(["field", "value"], recordFields) }
        }
        timingMs = nil
        title = nil
        columns = []
        rows = []
        record = nil
        recordFields = []
        messages = []
        errors = []
    }

    /// One TSV table: its header line, then its rows; after a blank line when one came before,
    /// so `awk -v RS=` reads each table as one record.
    private func writeTable(_ header: [String], _ lines: [[String]]) {
        if wroteTable { output.print("") }
        wroteTable = true
        output.print(tabSeparated: header)
        for line in lines { output.print(tabSeparated: line) }
    }

    /// Ends the run: what was shown or said after the last command (the input ended at a login
    /// prompt) is written as one more record, with an empty command, or one more table, so
    /// nothing is dropped.
    public func finish(screen: String?) {
        guard !(errors.isEmpty && messages.isEmpty && rows.isEmpty && record == nil) else { return }
        commandEnded("", screen: screen, succeeded: errors.isEmpty)
    }
}
