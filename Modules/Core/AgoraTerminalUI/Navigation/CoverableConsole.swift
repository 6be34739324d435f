import AgoraArchitecture

/// A screen's own view of the console: while another screen covers it (a login on top of the
/// comments it was asked for), what it prints is held back — it draws its state again when it
/// comes back — so the user reads only the screen in front. Errors always pass: a failure must
/// never be hidden.
///
/// It can also hold its lines back for a while and show them after (``hold()``, ``release()``):
/// a command every screen has says what it did before the screen in front says what follows
/// from it.
@MainActor
final class CoverableConsole: Console {
    private let base: any Console
    /// Whether another screen is in front of this one.
    var isCovered = false
    /// The lines written since ``hold()``, in order; `nil` when they are not held.
    private var held: [(line: String, style: LineStyle?)]?

    init(_ base: any Console) {
        self.base = base
    }

    var width: Int? { base.width }

    func print(_ line: String) {
        guard held == nil else {
            held?.append((line, nil))
            return
        }
        if !isCovered { base.print(line) }
    }

    func print(_ line: String, style: LineStyle) {
        guard held == nil else {
            held?.append((line, style))
            return
        }
        if !isCovered { base.print(line, style: style) }
    }

    /// Keeps the lines written from now on until ``release()``. Data (rows, records) and errors
    /// still pass: only lines have an order to keep.
    func hold() {
        if held == nil { held = [] }
    }

    /// Writes the lines held since ``hold()``, unless another screen covers this one by now.
    func release() {
        guard let lines = held else { return }
        held = nil
        for (line, style) in lines {
            if let style { print(line, style: style) } else { print(line) }
        }
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
