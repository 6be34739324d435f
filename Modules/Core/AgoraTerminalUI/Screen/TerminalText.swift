/// Text from outside — a server, the mock data, a cache, a file — made safe to write to a
/// terminal.
///
/// A terminal acts on some characters instead of showing them: `ESC ] 0 ; … BEL` retitles the
/// window, `ESC ] 52 ; …` writes the clipboard, `ESC [ 2 J` clears the screen, a bare CR moves
/// back over a line, a line break followed by `error: …` forges an error line, U+202E turns the
/// rest of a line around, and U+009B is a one-byte `ESC [`. Every run of such characters — C0
/// and C1 controls, DEL, whole escape sequences, line and paragraph separators, and every
/// format character (general category Cf: the bidirectional controls, zero-width spaces and
/// joiners, U+FEFF, the invisible tag characters) — becomes one U+FFFD (�), so the reader sees
/// that something was removed and nothing acts on their terminal or hides in their text. A
/// joiner that only shapes what it sits between stays: the ZWJ of an emoji sequence, the
/// joiners after a virama, the ZWNJ between Arabic letters.
///
/// A tab becomes a space, and a combining mark at the start gets a dotted circle (U+25CC) to sit
/// on instead of the character written before it. Each letter keeps at most
/// ``maximumMarksPerCharacter`` combining marks; the rest become one U+FFFD, so a run of
/// thousands of marks on one letter shows as the letter, a few marks and the sign of the cut.
///
/// Every console sink applies ``line(_:)``; a table applies ``lines(_:)`` to a cell, so a
/// comment's line breaks become lines the table lays out.
public enum TerminalText {
    /// What replaces each run of characters that would act on a terminal.
    public static let removalMark: Character = "\u{FFFD}"

    /// The most combining marks one character shows. Writing systems stack a few (Vietnamese
    /// two, Hebrew with cantillation four or five, Tibetan stacks a little more); more than this
    /// is decoration that spills over the lines above and below, or an attack on the layout.
    public static let maximumMarksPerCharacter = 8

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
        // comes back prints its 20 rows again, and copying them would be its largest cost.
        if isUnchangedBySanitizing(text.unicodeScalars) { return text }
        return sanitized(Substring(text))
    }

    /// Whether ``sanitized(_:)`` would give `scalars` back as they are: no escape, tab, format
    /// character or other character a terminal acts on, no mark at the start, and no character
    /// with more marks than it may show.
    private static func isUnchangedBySanitizing(_ scalars: String.UnicodeScalarView) -> Bool {
        if let first = scalars.first, isMark(first) { return false }
        var marks = 0
        for scalar in scalars {
            // Below U+00AD (the first format character) only the controls need a look; the
            // properties are read once for the rest.
            if scalar.value < 0xAD {
                if scalar == "\u{1B}" || scalar == "\t" || actsOnTerminal(scalar) { return false }
                marks = 0
                continue
            }
            let category = scalar.properties.generalCategory
            if actsOnTerminal(scalar, category: category) { return false }
            marks = isMark(category) ? marks + 1 : 0
            if marks > maximumMarksPerCharacter { return false }
        }
        return true
    }

    /// A combining mark: it sits on the character before it (at the start of the text, on
    /// whatever was written before the text).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && isMark(scalar.properties.generalCategory)
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
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
        /// The combining marks and joiners the character being written holds so far.
        var marks = 0
        var joiners = 0
        while let scalar = scalars.first {
            let removed: Bool
            if scalar == "\u{1B}" {
                scalars = afterEscapeSequence(scalars)
                removed = true
            } else {
                scalars = scalars.dropFirst()
                removed =
                    actsOnTerminal(scalar)
                    && !(joiners < maximumJoinersPerCharacter && isShownJoiner(scalar, after: output.last, before: scalars.first))
            }
            if removed {
                if !inRemovedRun { output.append(Unicode.Scalar(0xFFFD)!) }
                inRemovedRun = true
                (marks, joiners) = (0, 0)
                continue
            }
            if actsOnTerminal(scalar) {
                // A joiner that stays: it and what it joins are one character, whose marks
                // still count together.
                joiners += 1
                inRemovedRun = false
                output.append(scalar)
                continue
            }
            if isMark(scalar) {
                marks += 1
                if marks > maximumMarksPerCharacter {
                    // The cut is marked once; the marks after it go with it.
                    if !inRemovedRun { output.append(Unicode.Scalar(0xFFFD)!) }
                    inRemovedRun = true
                    continue
                }
                if output.isEmpty { output.append("\u{25CC}") }
            } else {
                marks = 0
                if output.last.map({ !isJoiner($0) }) ?? true { joiners = 0 }
            }
            inRemovedRun = false
            if scalar == "\t" {
                output.append(" ")
                continue
            }
            output.append(scalar)
        }
        return String(output)
    }

    /// A character a terminal acts on rather than shows, or that hides in the text (a tab is
    /// shown, as a space).
    private static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (U+0085 NEL and U+009B CSI among them)
        case 0x20...0xAC: false  // printable, and below the first format character
        default: actsOnTerminal(scalar, category: scalar.properties.generalCategory)
        }
    }

    /// ``actsOnTerminal(_:)`` for a scalar from U+00AD on, whose category is known.
    private static func actsOnTerminal(_ scalar: Unicode.Scalar, category: Unicode.GeneralCategory) -> Bool {
        // Format characters: the bidirectional controls (U+202E), zero-width spaces and
        // joiners, U+FEFF, the invisible tag characters, the soft hyphen.
        category == .format || scalar == "\u{2028}" || scalar == "\u{2029}"  // line and paragraph separators
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
