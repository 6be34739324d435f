import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import Foundation

/// The REPL's reading of what a user typed: the input as one line at the prompt, and as a
/// one-line script (`agora -c '…'`) split into its statements, each read into a command.
public enum CommandLineFuzzTarget: SynchronousFuzzTarget {
    public static let name = "command-line"

    /// What one line read to: a command, nothing to run (`nil`), or a one-line error.
    public struct Reading: Sendable {
        public let line: String
        public let result: Result<CommandInvocation?, CommandError>
    }

    public struct Outcome: Sendable {
        /// The input, decoded as UTF-8 (invalid bytes become U+FFFD, as a terminal shows them).
        public let text: String
        /// The statements of the input as a one-line script.
        public let statements: [String]
        /// The input read as one line, then each statement read.
        public let readings: [Reading]
    }

    public static func runNow(_ input: [UInt8]) -> Outcome {
        let text = String(decoding: input, as: UTF8.self)
        let statements = REPLSession.lines(ofOneLineScript: text)
        let readings = ([text] + statements).map { line in
            Reading(line: line, result: Result { () throws(CommandError) in try CommandInvocation.read(line) })
        }
        return Outcome(text: text, statements: statements, readings: readings)
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        var broken: [String] = []
        for statement in outcome.statements where statement.isEmpty || statement != statement.trimmingCharacters(in: .whitespaces) {
            broken.append("statement \(statement.debugDescription) is empty or has spaces around it")
        }
        for reading in outcome.readings {
            broken += brokenPromises(in: reading)
        }
        broken += statementsFollowLines(outcome)
        return broken
    }

    private static func brokenPromises(in reading: Reading) -> [String] {
        let line = reading.line.debugDescription
        switch reading.result {
        case .failure(let error):
            if error.message.isEmpty || error.message.contains(where: \.isNewline) {
                return ["\(line): the error \(error.message.debugDescription) is not one line"]
            }
        case .success(nil):
            // Nothing to run only when there is nothing: blank, a comment, or only spaces and line breaks.
            if let first = reading.line.unicodeScalars.first(where: { !$0.properties.isWhitespace }), first != "#" {
                return ["\(line) has words but read as nothing to run"]
            }
        case .success(let invocation?):
            // Whatever a line reads to can be typed back: quoting each word and reading the
            // quoted line gives the same command.
            let retyped = typed(invocation)
            let again = Result { () throws(CommandError) in try CommandInvocation.read(retyped) }
            if case .success(invocation) = again { return [] }
            return ["\(line) read to \(invocation), but its quoted form \(retyped.debugDescription) reads to \(again)"]
        }
        return []
    }

    /// A script with no quotes or backslashes has one statement per line and per `;`.
    private static func statementsFollowLines(_ outcome: Outcome) -> [String] {
        guard !outcome.text.unicodeScalars.contains(where: { "'\"\\".unicodeScalars.contains($0) }) else { return [] }
        let pieces = outcome.text.unicodeScalars.split(whereSeparator: { $0 == ";" || Character($0).isNewline })
            .map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        let expected = pieces.compactMap { try? CommandInvocation.read($0) }
        let actual = outcome.statements.compactMap { try? CommandInvocation.read($0) }
        guard expected != actual else { return [] }
        return ["the script \(outcome.text.debugDescription) ran as \(actual), expected \(expected) (one command per line and per ;)"]
    }

    /// The line a user would type for `invocation`: every word in single quotes, a quote inside
    /// a word as `'\''` (by scalar, as the REPL reads).
    static func typed(_ invocation: CommandInvocation) -> String {
        ([invocation.name] + invocation.arguments).map { word in
            var quoted = String.UnicodeScalarView()
            quoted.append("'")
            for scalar in word.unicodeScalars {
                if scalar == "'" { quoted.append(contentsOf: #"'\''"#.unicodeScalars) } else { quoted.append(scalar) }
            }
            quoted.append("'")
            return String(quoted)
        }.joined(separator: " ")
    }
}
