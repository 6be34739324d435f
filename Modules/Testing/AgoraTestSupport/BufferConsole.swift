import AgoraTerminalUI

/// A console that keeps what is written: for tests and for capturing a command's output.
@MainActor
public final class BufferConsole: Console {
    public private(set) var lines: [String] = []
    public var width: Int?

    public init(width: Int? = nil) {
        self.width = width
    }

    /// Keeps `line` as a terminal would show it: through ``TerminalText/line(_:)``.
    public func print(_ line: String) { lines.append(TerminalText.line(line)) }
    public func error(_ message: String) { lines.append("error: \(TerminalText.line(message))") }

    /// Everything written, one line each, ending with a newline when not empty.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Forgets what was written so far.
    public func clear() { lines.removeAll() }
}
