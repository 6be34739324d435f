/// How many terminal columns text takes (a pragmatic `wcwidth`): East Asian wide and fullwidth
/// characters and emoji take two, combining marks none, everything else one.
public enum TextWidth {
    /// Columns taken by `text`.
    public static func of(_ text: String) -> Int {
        // Most cells are printable ASCII, one column a byte; Unicode properties are only
        // looked up for the rest, which costs more than the rest of rendering a table.
        if text.utf8.allSatisfy(isPrintableASCII) {
            return text.utf8.count
        }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one user-perceived character.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return isPrintableASCII(ascii) ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A lone scalar of a wide block (CJK, kana, Hangul, fullwidth forms) is two columns
        // whatever its properties; answering before looking them up keeps tables of Japanese
        // titles as quick to lay out as English ones.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex, isWide(first) {
            return 2
        }
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
        {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return isWide(first) ? 2 : 1
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` cut to at most `width` columns in the middle, its start and its end kept around
    /// "…": for texts that differ only at the end ("Swift on…ver #2").
    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 2 else { return truncate(text, to: width) }
        let room = width - 1
        let endRoom = room / 2
        var end = ""
        var used = 0
        for character in text.reversed() {
            let next = of(character)
            if used + next > endRoom { break }
            end.insert(character, at: end.startIndex)
            used += next
        }
        var start = ""
        for character in text {
            let next = of(character)
            if used + next > room { break }
            start.append(character)
            used += next
        }
        return start + "…" + end
    }

    /// A space, letter, digit or punctuation: one column (controls take none).
    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        (0x20..<0x7F).contains(byte)
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
