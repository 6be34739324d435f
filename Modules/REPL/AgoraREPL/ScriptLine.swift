import Foundation

/// A command line of a script, with the place it came from as an error names it: `FILE:4` for
/// line 4 of `--script FILE` (psql's `psql:FILE:4:`, a compiler's `FILE:4:`), `<stdin>:4` for
/// line 4 of standard input, `-c 2` for the second `-c`, and `-c 2:3` for the third command of
/// a second `-c` that holds several.
public struct ScriptLine: Equatable, Sendable {
    /// The command line as read.
    public let text: String
    /// Where it came from: `FILE:4`, `<stdin>:4`, `-c 2`, `-c 2:3`.
    public let place: String

    /// The line `text`, read at `place` (`FILE:4`, `-c 2`).
    public init(_ text: String, place: String) {
        self.text = text
        self.place = place
    }

    /// The lines of the script file `name` (`-` for standard input, named `<stdin>` as psql
    /// does), numbered as an editor numbers them.
    ///
    /// Every line break ends a command ("\r\n" is one); only "\n", "\r\n" and a lone "\r" count
    /// as a new line of the file, so a rarer break (U+2028) inside a line keeps its number.
    public static func lines(ofFile name: String, text: String) -> [ScriptLine] {
        var number = 1
        var lines: [ScriptLine] = []
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines.append(ScriptLine(String(piece), place: name == "-" ? standardInputPlace(line: number) : "\(name):\(number)"))
            if piece.endIndex < text.endIndex, ["\n", "\r\n", "\r"].contains(text[piece.endIndex]) { number += 1 }
        }
        return lines
    }

    /// The place of line `line` of standard input, piped or `--script -`: `<stdin>:4`, as psql
    /// names it.
    public static func standardInputPlace(line: Int) -> String {
        "<stdin>:\(line)"
    }

    /// The command lines of each `-c` value in order (split by ``statements(in:)``), each placed
    /// at its `-c`, counted from 1: `-c 2` for a value that is one command, `-c 2:3` for the
    /// third command of a value that holds several (`-c 'whoami; open agora://events; more'`).
    public static func lines(ofOneLineScripts values: [String]) -> [ScriptLine] {
        values.enumerated().flatMap { index, value in
            let commands = statements(in: value)
            return commands.enumerated().map { position, command in
                ScriptLine(command, place: commands.count == 1 ? "-c \(index + 1)" : "-c \(index + 1):\(position + 1)")
            }
        }
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
