extension TerminalText {
    /// The most joiners one character keeps: the longest emoji ZWJ sequences people send (a
    /// family of four) have three. A longer chain is one character that a terminal without the
    /// sequence draws as every emoji in it, over the width a table measured.
    static let maximumJoinersPerCharacter = 3

    /// Whether `scalar`, a format character, only shapes the visible characters around it, so
    /// that it stays rather than being removed:
    ///
    /// - a zero-width joiner between two emoji, which makes one emoji of them (👨‍👩‍👧), as
    ///   Unicode's emoji ZWJ sequences (UTS #51) write it;
    /// - a zero-width joiner or non-joiner after a virama, which chooses how an Indic conjunct
    ///   is drawn (RFC 5892's context rule for both);
    /// - a zero-width non-joiner between two Arabic-script letters, which Persian, Urdu and
    ///   Kurdish use inside words.
    ///
    /// Everywhere else a joiner shapes nothing and only hides in the text, like every other
    /// format character.
    ///
    /// - Parameters:
    ///   - previous: the scalar written just before it (`nil` at the start, U+FFFD after a
    ///     removal, which joins nothing).
    ///   - next: the scalar that follows it in the text.
    static func isShownJoiner(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        guard isJoiner(scalar), let previous, let next else { return false }
        if previous.properties.canonicalCombiningClass == .virama { return true }
        if scalar == "\u{200D}" {
            return isEmojiElementEnd(previous) && isEmoji(next)
        }
        return isArabicLetter(previous) && isArabicLetter(next)
    }

    /// U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    /// An emoji, not one of the ASCII digits and signs that are emoji only in a keycap.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// What an element of an emoji ZWJ sequence ends with: the emoji, its skin tone, or the
    /// variation selector that asks for emoji presentation.
    private static func isEmojiElementEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FE0F}" || scalar.properties.isEmojiModifier || isEmoji(scalar)
    }

    /// A letter of the Arabic script's blocks (Arabic, Syriac, Arabic Supplement and Extended,
    /// the presentation forms).
    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE: scalar.properties.isAlphabetic
        default: false
        }
    }
}
