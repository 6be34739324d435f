import AgoraArchitecture
import AgoraTerminalUI

/// Text from outside on its way to the terminal: the input's first byte is a column width, the
/// rest (as UTF-8, invalid bytes replaced) is a cell of a table and a line of output.
///
/// The promises: nothing that acts on a terminal or hides in the text comes out — no C0 or C1
/// control, DEL, line separator or format character (Cf) but a joiner that shapes what it sits
/// between, so no escape sequence can start — whatever comes in; a table's lines fit its width;
/// each line break of the cell gives the row one more line; and text that holds nothing the
/// screen removes or marks is shown unchanged.
public enum TerminalTextFuzzTarget: SynchronousFuzzTarget {
    public static let name = "terminal-text"

    public struct Outcome: Sendable {
        public let text: String
        public let width: Int
        /// ``TerminalText/line(_:)`` of the text.
        public let line: String
        /// A two-column table (a row number and the text) rendered at `width`.
        public let tableLines: [String]
        /// The table's lines at no width limit.
        public let unboundedTableLines: [String]
    }

    public static func runNow(_ input: [UInt8]) -> Outcome {
        // Widths from 12 (the row number, a gap and the narrowest a text column gets) to 139.
        let width = 12 + Int(input.first ?? 72) % 128
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let table = TextTable([.init("#", alignment: .right), .init("Text", isFlexible: true)])
        return Outcome(
            text: text, width: width, line: TerminalText.line(text),
            tableLines: table.render([["1", text]], width: width), unboundedTableLines: table.render([["1", text]], width: nil)
        )
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        var broken: [String] = []
        let shown = [outcome.line] + outcome.tableLines + outcome.unboundedTableLines
        for line in shown {
            if let scalar = line.unicodeScalars.first(where: { actsOnTerminal($0) || isHidden($0) }) {
                broken.append("U+\(String(scalar.value, radix: 16, uppercase: true)) reached the terminal in \(line.debugDescription)")
            }
        }
        for line in outcome.tableLines where TextWidth.of(line) > outcome.width {
            broken.append("a table line is \(TextWidth.of(line)) columns wide at width \(outcome.width): \(line.debugDescription)")
        }
        let breaks = outcome.text.unicodeScalars.filter { $0 == "\n" }.count
        if outcome.unboundedTableLines.count != breaks + 2 {
            broken.append("\(breaks) line breaks gave \(outcome.unboundedTableLines.count - 1) row lines, expected \(breaks + 1)")
        }
        if !outcome.text.unicodeScalars.contains(where: mayChange), outcome.line != outcome.text {
            broken.append("plain text \(outcome.text.debugDescription) was changed to \(outcome.line.debugDescription)")
        }
        return broken
    }

    /// What a terminal acts on: C0 (tab included: it moves the cursor), DEL, C1, bidirectional
    /// controls, line and paragraph separators.
    static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A format character (Cf) that no terminal acts on but that hides in the text (a zero-width
    /// space, U+206E, a tag character): the screen replaces each. The joiners (ZWNJ, ZWJ) are
    /// not counted: the screen keeps them where they shape what they sit between.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar != "\u{200C}" && scalar != "\u{200D}"
    }

    /// What ``TerminalText`` may change: what acts on a terminal, every format character (the
    /// joiners included: alone, they are removed), and marks with nothing to sit on.
    public static func mayChange(_ scalar: Unicode.Scalar) -> Bool {
        actsOnTerminal(scalar) || [.format, .nonspacingMark, .enclosingMark, .spacingMark].contains(scalar.properties.generalCategory)
    }
}
