/// Prose laid out for a terminal: each of its line breaks starts a line, and a line too wide is
/// broken between words, so a long comment reads whole (`show <row>`) instead of ending in "…".
///
/// The text passes through ``TerminalText`` first, so what it holds never acts on the terminal;
/// widths count wide (CJK) characters as two columns (``TextWidth``).
public enum WrappedText {
    /// The narrowest room a line gets, however deep the indent: a word per line beats nothing.
    static let minimumRoom = 10

    /// `text` as lines of at most `width` columns, each starting with `indent`, and each line a
    /// paragraph goes on to with `continuation` after that (an error or a trace event, whose
    /// lines under its first are indented). A word wider than the room is broken where it must
    /// be, after a `/` where it has one, so a link stays whole if it fits a line and reads by its
    /// parts if not. With `width` `nil` (output that is not a terminal), lines are broken only at
    /// the text's own line breaks.
    public static func lines(_ text: String, width: Int?, indent: String = "", continuation: String = "") -> [String] {
        TerminalText.lines(text).flatMap { paragraph -> [String] in
            guard let width else { return [indent + paragraph] }
            let room = max(width - TextWidth.of(indent), minimumRoom)
            let continuedRoom = max(room - TextWidth.of(continuation), minimumRoom)
            return wrap(paragraph, firstRoom: room, room: continuedRoom).enumerated().map { index, line in
                index == 0 ? indent + line : indent + continuation + line
            }
        }
    }

    private static func wrap(_ paragraph: String, firstRoom: Int, room continuedRoom: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var isStarted = false
        var room: Int { lines.isEmpty ? firstRoom : continuedRoom }
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

    /// The longest start of `word` that fits `width` columns (at least one character), ending
    /// after its last `/` there when it has one past its first half, and the rest.
    private static func split(_ word: Substring, atWidth width: Int) -> (Substring, Substring) {
        var used = 0
        var end = word.startIndex
        var afterSlash: Substring.Index?
        for character in word {
            let characterWidth = TextWidth.of(String(character))
            if used + characterWidth > width, end > word.startIndex { break }
            used += characterWidth
            end = word.index(after: end)
            if character == "/", used > width / 2 { afterSlash = end }
        }
        if let afterSlash, afterSlash < end { end = afterSlash }
        return (word[..<end], word[end...])
    }
}
