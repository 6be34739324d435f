import AgoraTerminalUI

/// Splitting a command line into words the way a shell does, simply: spaces separate words,
/// single or double quotes keep spaces inside a word, a backslash escapes the next character,
/// and an unquoted `#` at the start of a word begins a comment that runs to the end of the line
/// (`whoami # who am I?`).
///
/// It reads Unicode scalars, not Characters: a quote, a backslash or a space followed by a
/// combining mark is one Character that is none of these, so a word that starts with a mark
/// (`'\u{350}'`) could not be quoted, and a space before one would not separate words.
extension CommandInvocation {
    /// The words of `line`, quotes and escapes resolved.
    ///
    /// - Throws: a one-line ``CommandError`` for an unbalanced quote or a trailing backslash.
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
}
