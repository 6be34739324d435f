/// Text from outside — a server, the mock data, a cache, a file — made safe to write to a
/// terminal.
///
/// A terminal acts on some characters instead of showing them: `ESC ] 0 ; … BEL` retitles the
/// window, `ESC ] 52 ; …` writes the clipboard, `ESC [ 2 J` clears the screen, a bare CR moves
/// back over a line, a line break followed by `error: …` forges an error line, U+202E turns the
/// rest of a line around, and U+009B is a one-byte `ESC [`. Every run of such characters — C0
/// and C1 controls, DEL, whole escape sequences, bidirectional controls, line and paragraph
/// separators — becomes one U+FFFD (�), so the reader sees that something was removed and
/// nothing acts on their terminal. A tab becomes a space, and a combining mark at the start gets
/// a dotted circle (U+25CC) to sit on instead of the character written before it.
///
/// Every console sink applies ``line(_:)``; a table applies ``lines(_:)`` to a cell, so a
/// comment's line breaks become lines the table lays out.
public enum TerminalText {
    /// What replaces each run of characters that would act on a terminal.
    public static let removalMark: Character = "\u{FFFD}"

    /// `text` as one line that shows exactly what it contains and does nothing else; line
    /// breaks count among the characters removed.
    public static func line(_ text: String) -> String {
        // Most text is printable ASCII: nothing to look at twice. Checked on the bytes in place:
        // the view's iterator cost more than the check (5% of the scripted-command profile).
        let isPrintableASCII = { (byte: UInt8) in (0x20..<0x7F).contains(byte) }
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isPrintableASCII) }) ?? text.utf8.allSatisfy(isPrintableASCII) {
            return text
        }
        // Other text (a Japanese title, an en dash) is mostly safe too: looked at once, and
        // copied scalar by scalar only when something in it must change. A list screen that
        // comes back prints its 20 rows again, and copying them was its largest cost (issue 19).
        if isUnchangedBySanitizing(text.unicodeScalars) { return text }
        return sanitized(Substring(text))
    }

    /// Whether ``sanitized(_:)`` would give `scalars` back as they are: no escape, tab or other
    /// character a terminal acts on, and no mark at the start.
    private static func isUnchangedBySanitizing(_ scalars: String.UnicodeScalarView) -> Bool {
        if let first = scalars.first, startsWithMark(first) { return false }
        return !scalars.contains { $0 == "\u{1B}" || $0 == "\t" || actsOnTerminal($0) }
    }

    /// A mark that would combine with whatever was written before the text.
    private static func startsWithMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: true
        default: false
        }
    }

    /// `text` split at its line breaks (LF, or CR LF), each part made a ``line(_:)``; a lone CR
    /// is no line break but a control. Empty text is one empty line.
    public static func lines(_ text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return [line(text)] }
        // Split by scalars: as Characters, CR LF is one grapheme that no "\n" matches.
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { part in
            let part = part.last == "\r" ? part.dropLast() : part
            return sanitized(Substring(part))
        }
    }

    /// Whether `text` holds anything ``line(_:)`` would replace.
    public static func needsSanitizing(_ text: String) -> Bool {
        line(text) != text
    }

    private static func sanitized(_ text: Substring) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        var inRemovedRun = false
        while let scalar = scalars.first {
            let removed: Bool
            if scalar == "\u{1B}" {
                scalars = afterEscapeSequence(scalars)
                removed = true
            } else {
                scalars = scalars.dropFirst()
                removed = actsOnTerminal(scalar)
            }
            if removed {
                if !inRemovedRun { output.append(Unicode.Scalar(0xFFFD)!) }
                inRemovedRun = true
                continue
            }
            inRemovedRun = false
            if scalar == "\t" {
                output.append(" ")
                continue
            }
            if output.isEmpty, startsWithMark(scalar) {
                output.append("\u{25CC}")
            }
            output.append(scalar)
        }
        return String(output)
    }

    /// A character a terminal acts on rather than shows (a tab is shown, as a space).
    private static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (U+0085 NEL and U+009B CSI among them)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }

    /// What follows the escape sequence `scalars` starts with (at its ESC): a CSI up to its
    /// final byte, an OSC, DCS, SOS, PM or APC string up to BEL or ST, else ESC and one character.
    private static func afterEscapeSequence(_ scalars: Substring.UnicodeScalarView.SubSequence) -> Substring.UnicodeScalarView.SubSequence {
        var rest = scalars.dropFirst()
        guard let introducer = rest.first else { return rest }
        rest = rest.dropFirst()
        switch introducer {
        case "[":
            // Parameters and intermediates, then one final byte in 0x40...0x7E.
            while let next = rest.first, (0x20...0x3F).contains(next.value) { rest = rest.dropFirst() }
            if let final = rest.first, (0x40...0x7E).contains(final.value) { rest = rest.dropFirst() }
            return rest
        case "]", "P", "X", "^", "_":
            // A string, ended by BEL or by ST (ESC \); unended, it runs to the end of the text.
            while let next = rest.first {
                rest = rest.dropFirst()
                if next == "\u{07}" { break }
                if next == "\u{1B}" {
                    if rest.first == "\\" { rest = rest.dropFirst() }
                    break
                }
            }
            return rest
        default:
            return rest
        }
    }
}
