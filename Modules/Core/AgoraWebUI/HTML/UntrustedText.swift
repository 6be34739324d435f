/// Text from outside — a server, the mock data, a cache, a form — made safe to show on a page,
/// whatever the view: the same rules as the terminal's, with nothing of the terminal in them.
///
/// Escaping (``HTML``) keeps text from becoming markup; this keeps it from misleading the reader.
/// Every run of characters that would act on the display or hide in the text — C0 and C1
/// controls, DEL, whole escape sequences, line and paragraph separators, and every format
/// character (general category Cf: the bidirectional overrides and isolates, zero-width spaces,
/// U+FEFF, the invisible tag characters) — becomes one U+FFFD (�), so the reader sees that
/// something was removed. The joiners that shape what they sit between stay (the ZWJ of an
/// emoji sequence, a ZWNJ between letters); a combining mark at the start gets a dotted circle
/// to sit on; a letter keeps at most ``maximumMarksPerCharacter`` marks.
public enum UntrustedText {
    /// What replaces each run of removed characters.
    public static let removalMark: Unicode.Scalar = "\u{FFFD}"
    /// The most combining marks one character shows; more spill over the lines around it.
    public static let maximumMarksPerCharacter = 8

    /// `text` as one line that shows exactly what it contains and does nothing else; line
    /// breaks count among the characters removed (``lines(_:)`` keeps them).
    ///
    /// - Parameter text: text from outside.
    public static func cleaned(_ text: String) -> String {
        // Nearly all text has nothing to remove or count: it is given back as it is, after one
        // look at each byte when it is ASCII, else at each scalar.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) || text.unicodeScalars.allSatisfy(staysAsItIs) { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        var inRemovedRun = false
        var marks = 0
        while let scalar = scalars.first {
            var removed: Bool
            if scalar == "\u{1B}" {
                scalars = afterEscapeSequence(scalars)
                removed = true
            } else {
                scalars = scalars.dropFirst()
                removed = isRemoved(scalar) && !isShapingJoiner(scalar, after: output.last, before: scalars.first)
            }
            if !removed, isMark(scalar) {
                marks += 1
                if marks > maximumMarksPerCharacter { removed = true }
            } else if !removed {
                marks = 0
            }
            if removed {
                if !inRemovedRun { output.append(removalMark) }
                inRemovedRun = true
                continue
            }
            inRemovedRun = false
            if scalar == "\t" {
                output.append(" ")
            } else {
                if isMark(scalar), output.isEmpty { output.append("\u{25CC}") }
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// `text` split at its line breaks (LF, or CR LF), each part ``cleaned(_:)``; a lone CR is
    /// no line break but a control. Empty text is one empty line.
    ///
    /// - Parameter text: text from outside, a comment with line breaks.
    public static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { part in
            cleaned(String(part.last == "\r" ? part.dropLast() : part))
        }
    }

    /// Whether `scalar` stays as it is wherever it stands: printable ASCII, or a character past
    /// the C1 controls that is no line or paragraph separator, no format character and no
    /// combining mark (which are counted, and get a circle at the start).
    private static func staysAsItIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F: return true
        case 0x00..<0xA0, 0x2028, 0x2029: return false
        default:
            switch scalar.properties.generalCategory {
            case .format, .nonspacingMark, .enclosingMark, .spacingMark: return false
            default: return true
            }
        }
    }

    /// Whether a reader's display acts on `scalar` instead of showing it, or it hides in text.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" { return false }
        switch scalar.value {
        case 0x20..<0x7F: return false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// A ZWJ or ZWNJ between two characters that stay: it shapes them (an emoji sequence, a
    /// ligature stopped) rather than hiding anything.
    private static func isShapingJoiner(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        guard scalar == "\u{200D}" || scalar == "\u{200C}", let previous, let next else { return false }
        return previous != removalMark && !isRemoved(next) && next != "\u{1B}" && previous.value > 0x7F && next.value > 0x7F
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// What follows the escape sequence at the start of `scalars` (CSI up to its final byte,
    /// OSC/DCS/APC/PM/SOS up to BEL or ESC \, otherwise ESC and the character after it).
    private static func afterEscapeSequence(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        var rest = scalars.dropFirst()
        guard let introducer = rest.first else { return rest }
        rest = rest.dropFirst()
        switch introducer {
        case "[":
            while let next = rest.first {
                rest = rest.dropFirst()
                if (0x40...0x7E).contains(next.value) { break }
            }
        case "]", "P", "_", "^", "X":
            while let next = rest.first {
                if next == "\u{07}" { return rest.dropFirst() }
                if next == "\u{1B}" {
                    let after = rest.dropFirst()
                    return after.first == "\\" ? after.dropFirst() : after
                }
                rest = rest.dropFirst()
            }
        default:
            break
        }
        return rest
    }
}
