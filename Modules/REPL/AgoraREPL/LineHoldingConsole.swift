import AgoraTerminalUI

/// Holds the lines screens write while the REPL waits for the user's next line (a list that a
/// change by another member redrew), and writes them when the next command begins: nothing is
/// drawn into the line being typed, and the command shows the change first.
///
/// A console that takes rows as data (JSON, TSV) is asked at once, as a screen needs its answer;
/// only the lines it leaves to the screen are held.
@MainActor
final class LineHoldingConsole: Console {
    private let base: any Console
    /// The writes held, in order; `nil` while nothing is held.
    private var held: [() -> Void]?

    init(_ base: any Console) {
        self.base = base
    }

    /// Holds what is written from now on.
    func hold() {
        if held == nil { held = [] }
    }

    /// How many writes wait for the next command.
    var heldWrites: Int { held?.count ?? 0 }

    /// Writes what was held, in order, and holds nothing more.
    func release() {
        let writes = held ?? []
        held = nil
        for write in writes { write() }
    }

    var width: Int? { base.width }

    func print(_ line: String) { pass { $0.print(line) } }
    func print(_ line: String, style: LineStyle) { pass { $0.print(line, style: style) } }
    func error(_ message: String) { pass { $0.error(message) } }
    func note(_ line: String) { pass { $0.note(line) } }
    func showTiming(milliseconds: Double) { pass { $0.showTiming(milliseconds: milliseconds) } }

    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        base.showRows(rows(), isWholeTable: isWholeTable)
    }

    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool {
        base.showRecord(record())
    }

    private func pass(_ write: @escaping (any Console) -> Void) {
        let base = self.base
        if held != nil {
            held?.append { write(base) }
        } else {
            write(base)
        }
    }
}
