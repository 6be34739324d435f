import Foundation

/// Where screens write. The REPL passes the process's standard output; tests pass a
/// ``BufferConsole`` and compare the text.
@MainActor
public protocol Console: AnyObject, Sendable {
    /// Columns available for a line; `nil` means do not truncate (output is not a terminal).
    var width: Int? { get }
    /// Writes one line of output.
    func print(_ line: String)
    /// Writes a one-line error ("error: …").
    func error(_ message: String)
}

extension Console {
    /// Writes each line.
    public func print(lines: [String]) {
        for line in lines { print(line) }
    }
}

/// A console that keeps what is written: for tests and for capturing a command's output.
@MainActor
public final class BufferConsole: Console {
    public private(set) var lines: [String] = []
    public var width: Int?

    public init(width: Int? = nil) {
        self.width = width
    }

    public func print(_ line: String) { lines.append(line) }
    public func error(_ message: String) { lines.append("error: \(message)") }

    /// Everything written, one line each, ending with a newline when not empty.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Forgets what was written so far.
    public func clear() { lines.removeAll() }
}

/// The process's standard output and standard error.
@MainActor
public final class StandardConsole: Console {
    public let width: Int?

    /// - Parameter width: the terminal's width, or `nil` when output is not a terminal.
    public init(width: Int?) {
        self.width = width
    }

    public func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
