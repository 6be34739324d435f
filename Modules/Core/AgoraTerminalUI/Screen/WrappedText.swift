/// Prose laid out for a terminal: each of its line breaks starts a line, and a line too wide is
/// broken between words, so a long comment reads whole (`show <row>`) instead of ending in "…".
///
/// The text passes through ``TerminalText`` first, so what it holds never acts on the terminal;
/// widths count wide (CJK) characters as two columns (``TextWidth``).
public enum WrappedText {
    /// The narrowest room a line gets, however deep the indent: a word per line beats nothing.
    static let minimumRoom = 10

    /// `text` as lines of at most `width` columns, each starting with `indent`; a word wider than
    /// the room is broken where it must be. With `width` `nil` (output that is not a terminal),
    /// lines are broken only at the text's own line breaks.
    public static func lines(_ text: String, width: Int?, indent: String = "") -> [String] {
        TerminalText.lines(text).flatMap { paragraph -> [String] in
            guard let width else { return [indent + paragraph] }
            let room = max(width - TextWidth.of(indent), minimumRoom)
            return wrap(paragraph, room: room).map { indent + $0 }
        }
    }

    private static func wrap(_ paragraph: String, room: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var isStarted = false
        // Split at each single space, so a run of spaces stays as written within a line.
        for token in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            var word = token
            var wordWidth = TextWidth.of(String(word))
            if isStarted, lineWidth + 1 + wordWidth <= room {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if isStarted { lines.append(line) }
            isStarted = true
            // A word wider than the room goes over several lines, a piece each.
            while wordWidth > room {
                let (piece, rest) = split(word, atWidth: room)
                lines.append(String(piece))
                word = rest
                wordWidth = TextWidth.of(String(word))
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// The longest start of `word` that fits `width` columns (at least one character), and the rest.
    private static func split(_ word: Substring, atWidth width: Int) -> (Substring, Substring) {
        var used = 0
        var end = word.startIndex
        for character in word {
            let characterWidth = TextWidth.of(String(character))
            if used + characterWidth > width, end > word.startIndex { break }
            used += characterWidth
            end = word.index(after: end)
        }
        return (word[..<end], word[end...])
    }
}
