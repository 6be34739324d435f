import AgoraApp
import AgoraArchitecture
import AgoraTerminalUI

/// Live mode's console: a line saying the server cannot be reached names it and says how to
/// start it (see ``UnreachableServer``); every other line passes as it is.
@MainActor
final class LiveServerConsole: Console {
    private let base: any Console
    private let server: String

    init(_ base: any Console, server: String) {
        self.base = base
        self.server = server
    }

    var width: Int? { base.width }
    func print(_ line: String) { base.print(UnreachableServer.explained(line, server: server)) }
    func print(_ line: String, style: LineStyle) { base.print(UnreachableServer.explained(line, server: server), style: style) }
    func error(_ message: String) { base.error(UnreachableServer.explained(message, server: server)) }
    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        base.showRows(rows(), isWholeTable: isWholeTable)
    }

    func showRecord(_ record: @autoclosure () -> TableRecord) -> Bool {
        base.showRecord(record())
    }

    func note(_ line: String) { base.note(line) }
    func showTiming(milliseconds: Double) { base.showTiming(milliseconds: milliseconds) }
}
