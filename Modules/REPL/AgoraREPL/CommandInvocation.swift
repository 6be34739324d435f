import Foundation
import AgoraArchitecture

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

    /// Reads `line` the way a shell splits words (see ``CommandLineTokenizer``).
    ///
    /// - Returns: `nil` when there is nothing to run: a blank line or a `#` comment.
    /// - Throws: a one-line ``CommandError`` for a line that cannot be split into words (an
    ///   unbalanced quote, a trailing backslash).
    public static func read(_ line: String) throws(CommandError) -> CommandInvocation? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // By scalar, as the tokenizer reads: "#" followed by a combining mark is still a comment.
        guard let first = trimmed.unicodeScalars.first, first != "#" else { return nil }
        let words = try CommandLineTokenizer.words(in: trimmed)
        guard let name = words.first else { return nil }
        return CommandInvocation(name: name, arguments: Array(words.dropFirst()))
    }
}
