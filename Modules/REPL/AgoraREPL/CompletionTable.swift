/// A snapshot of what TAB completes on one screen: command names first, then each command's
/// arguments. A value, so the line editor can read it from its own thread.
public struct CompletionTable: Sendable, Equatable {
    public let commands: [String]
    public let arguments: [String: [String]]

    public init(commands: [String], arguments: [String: [String]]) {
        self.commands = commands
        self.arguments = arguments
    }

    /// Candidates for the word that starts at character `wordStart` of `line`.
    public func candidates(line: String, wordStart: Int) -> [String] {
        let before = line.prefix(wordStart).split(whereSeparator: \.isWhitespace)
        guard let command = before.first else { return commands }
        return before.count == 1 ? arguments[String(command)] ?? [] : []
    }
}
