extension TextRules {
    /// Scalars that draw nothing, though Unicode calls them neither whitespace nor ignorable:
    /// the Hangul fillers (which are default-ignorable too, but fonts draw them as a blank
    /// square's width) and the blank Braille pattern, a favourite of "invisible" names.
    public static let blankLookingScalars: Set<Unicode.Scalar> = ["\u{3164}", "\u{2800}", "\u{115F}", "\u{1160}", "\u{FFA0}"]

    /// Whether `scalar` shows nothing: whitespace, a default-ignorable code point (zero-width
    /// space, joiners, variation selectors, bidi marks, …) or one of ``blankLookingScalars``.
    public static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint || blankLookingScalars.contains(scalar)
    }

    /// Whether `text` would show nothing at all, so "a comment needs some text" applies to it:
    /// empty, or only scalars for which ``isBlank(_:)`` holds. The server and the composer both
    /// ask this, so a body one refuses the other refuses too.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isBlank)
    }

    /// `text` with every CRLF and lone CR written as LF: browsers send a textarea's line breaks
    /// as CRLF, and a comment's body stores them as `\n` (CR alone is a control character).
    public static func normalizingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\r" {
                scalars.append("\n")
            } else if !(scalar == "\n" && afterCR) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
