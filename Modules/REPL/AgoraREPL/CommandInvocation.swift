import AgoraArchitecture
import AgoraTerminalUI

/// A command line read into the command's name and its arguments, before any screen sees it:
/// `post "see you there"` is `post` with one argument.
public struct CommandInvocation: Equatable, Sendable {
    /// The first word: the command to run.
    public let name: String
    /// The words after it, quotes and escapes resolved.
    public let arguments: [String]

    public init(name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// Reads `line` the way a shell splits words (see ``words(in:)``), whatever the
    /// command; the REPL uses ``read(_:argumentStyle:)``, which knows the commands.
    ///
    /// - Returns: `nil` when there is nothing to run: a blank line or a `#` comment.
    /// - Throws: a one-line ``CommandError`` for a line that cannot be split into words (an
    ///   unbalanced quote, a trailing backslash).
    public static func read(_ line: String) throws(CommandError) -> CommandInvocation? {
        let trimmed = trimmingWhitespace(line)
        // By scalar, as `words(in:)` reads: "#" followed by a combining mark is still a comment.
        guard let first = trimmed.unicodeScalars.first, first != "#" else { return nil }
        let words = try words(in: trimmed)
        guard let name = words.first else { return nil }
        return CommandInvocation(name: name, arguments: Array(words.dropFirst()))
    }

    /// Whether `line` has nothing to run: it is blank or a `#` comment, read by scalar as
    /// ``read(_:argumentStyle:)`` reads it.
    static func runsNothing(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return true }
        return first == "#"
    }

    /// `line` without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives (tab and the space separators, Zs), by
    /// scalar, without going through `CharacterSet`, which cost as much as the rest of reading a
    /// scripted command.
    static func trimmingWhitespace(_ line: String) -> String {
        let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = line.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        if start == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return line }
        return String(scalars[start...last])
    }

    /// Reads `line` for the commands of a screen: `argumentStyle` says, for the command word as
    /// typed, how its arguments are read. A `.restOfLine` command gets the text after its word
    /// and one space exactly as typed — quotes, backslashes, `#` and runs of spaces included —
    /// so free text never needs quoting; any other command's line is split into words.
    ///
    /// - Returns: `nil` when there is nothing to run: a blank line or a `#` comment.
    /// - Throws: a one-line ``CommandError`` for a line of words that cannot be split.
    public static func read(
        _ line: String, argumentStyle: (String) -> ScreenCommand.ArgumentStyle
    ) throws(CommandError) -> CommandInvocation? {
        // By scalar, as `words(in:)` reads: a space followed by a combining mark still separates.
        let scalars = line.unicodeScalars.drop { $0.properties.isWhitespace }
        guard let first = scalars.first, first != "#" else { return nil }
        let word = scalars.prefix { !$0.properties.isWhitespace }
        let name = String(String.UnicodeScalarView(word))
        var rest = scalars.dropFirst(word.count)
        if let command = GlobalCommand.psqlWords[name] {
            // psql's `\q` or `\o FILE`: the command it means, its arguments read as words.
            return CommandInvocation(name: command.rawValue, arguments: try words(in: String(String.UnicodeScalarView(rest))))
        }
        guard argumentStyle(name) == .restOfLine else { return try read(line) }
        if rest.first?.properties.isWhitespace == true { rest = rest.dropFirst() }
        let text = String(String.UnicodeScalarView(rest))
        let isBlank = rest.allSatisfy { $0.properties.isWhitespace }
        return CommandInvocation(name: name, arguments: isBlank ? [] : [text])
    }
}
