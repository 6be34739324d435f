import AgoraArchitecture

/// A screen's own view of the console: while another screen covers it (a login on top of the
/// comments it was asked for), what it prints is held back — it draws its state again when it
/// comes back — so the user reads only the screen in front. Errors always pass: a failure must
/// never be hidden.
@MainActor
final class CoverableConsole: Console {
    private let base: any Console
    /// Whether another screen is in front of this one.
    var isCovered = false

    init(_ base: any Console) {
        self.base = base
    }

    var width: Int? { base.width }

    func print(_ line: String) {
        if !isCovered { base.print(line) }
    }

    func print(_ line: String, style: LineStyle) {
        if !isCovered { base.print(line, style: style) }
    }

    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        // Held back like lines while covered: taken, and not shown.
        isCovered || base.showRows(rows(), isWholeTable: isWholeTable)
    }

    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool {
        isCovered || base.showRecord(record())
    }

    func error(_ message: String) {
        base.error(message)
    }

    /// A line about the session is no screen's: it always passes.
    func note(_ line: String) { base.note(line) }
    func showTiming(milliseconds: Double) { base.showTiming(milliseconds: milliseconds) }
}
