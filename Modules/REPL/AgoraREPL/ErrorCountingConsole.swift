import AgoraArchitecture
import AgoraTerminalUI

/// Passes output through and counts errors, so the session knows whether a command failed even
/// when the error came later from work the command started.
@MainActor
final class ErrorCountingConsole: Console {
    private let base: any Console
    private(set) var errorCount = 0

    init(_ base: any Console) {
        self.base = base
    }

    var width: Int? { base.width }
    func print(_ line: String) { base.print(line) }
    func print(_ line: String, style: LineStyle) { base.print(line, style: style) }
    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        base.showRows(rows(), isWholeTable: isWholeTable)
    }

    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool {
        base.showRecord(record())
    }

    func note(_ line: String) { base.note(line) }
    func showTiming(milliseconds: Double) { base.showTiming(milliseconds: milliseconds) }

    func error(_ message: String) {
        errorCount += 1
        base.error(message)
    }
}
