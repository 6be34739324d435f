import Foundation
import AgoraArchitecture

/// Splits a command line into words the way a shell does, simply: spaces separate words,
/// single or double quotes keep spaces inside a word, a backslash escapes the next character.
enum CommandLineTokenizer {
    static func words(in line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false

        for character in line {
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            switch character {
            case "\\" where quote != "'":
                escaping = true
                inWord = true
            case "'", "\"":
                if quote == nil {
                    quote = character
                    inWord = true
                } else if quote == character {
                    quote = nil
                } else {
                    current.append(character)
                }
            case _ where character.isWhitespace && quote == nil:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw CommandError("unbalanced \(quote) quote: close it, or escape it with a backslash") }
        if escaping { throw CommandError("the line ends with a backslash: escape something after it, or remove it") }
        if inWord { words.append(current) }
        return words
    }

    /// Splits a one-line script (`agora -c 'open agora://events; more'`) into command lines at
    /// each `;` outside quotes; a backslash keeps a `;` in its command.
    static func statements(in text: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            switch character {
            case "\\" where quote != "'":
                escaping = true
                current.append(character)
            case "'", "\"":
                if quote == nil { quote = character } else if quote == character { quote = nil }
                current.append(character)
            case ";" where quote == nil:
                statements.append(current)
                current = ""
            case "\n" where quote == nil:
                statements.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
