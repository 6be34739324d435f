import AgoraArchitecture
import AgoraTerminalUI
import Foundation

/// Splits a command line into words the way a shell does, simply: spaces separate words,
/// single or double quotes keep spaces inside a word, a backslash escapes the next character,
/// and an unquoted `#` at the start of a word begins a comment that runs to the end of the line
/// (`whoami # who am I?`).
///
/// It reads Unicode scalars, not Characters: a quote, a backslash or a space followed by a
/// combining mark is one Character that is none of these, so a word that starts with a mark
/// (`'\u{350}'`) could not be quoted, and a space before one would not separate words.
enum CommandLineTokenizer {
    static func words(in line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaping = false

        for scalar in line.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
                continue
            }
            switch scalar {
            case "\\" where quote != "'":
                escaping = true
                inWord = true
            case "'", "\"":
                if quote == nil {
                    quote = scalar
                    inWord = true
                } else if quote == scalar {
                    quote = nil
                } else {
                    current.append(scalar)
                }
            case "#" where quote == nil && !inWord:
                // The rest of the line is a comment, as in a shell script.
                return words
            case _ where scalar.properties.isWhitespace && quote == nil:
                if inWord { words.append(String(current)) }
                current = String.UnicodeScalarView()
                inWord = false
            default:
                current.append(scalar)
                inWord = true
            }
        }
        if let quote { throw CommandError("Unbalanced \(quote) quote: close it, or escape it with a backslash.") }
        if escaping { throw CommandError("The line ends with a backslash: escape something after it, or remove it.") }
        if inWord { words.append(String(current)) }
        return words
    }

    /// Splits a one-line script (`agora -c 'open agora://events; more'`) into command lines at
    /// each `;` and line break; `\;` is a `;` inside its command. Quotes play no part, so an
    /// apostrophe in free text (`post I'll go; whoami`) cannot hide the `;` after it. Spaces
    /// around a command are not part of it.
    static func statements(in text: String) -> [String] {
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                escaping = false
                if scalar == ";" {
                    current.append(scalar)
                    continue
                }
                // Any other backslash is the command's own (`post C:\path`).
                current.append("\\")
            }
            if scalar == "\\" {
                escaping = true
            } else if scalar == ";" || isLineBreak(scalar) {
                statements.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if escaping { current.append("\\") }
        statements.append(String(current))
        return statements.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Any line break, not only "\n": a script written on Windows ends its lines with "\r\n".
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}
