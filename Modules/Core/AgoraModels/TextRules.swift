/// The rules every text field people send to the API follows, on the server and in OSS mode
/// alike, so a refusal reads the same in both.
///
/// Lengths count Unicode scalars, as the contract's `maxLength` (JSON Schema) does: counting
/// grapheme clusters let a body of 30,000 combining marks (60 KB) pass a 2,000 limit. NUL and
/// other control characters are refused rather than stored: SQLite and C strings end text at a
/// NUL (two client ids sharing a prefix became one), and a control character would act on the
/// terminal of whoever reads it.
public enum TextRules {
    /// The length of `text` as the API counts it: Unicode scalars.
    public static func length(of text: String) -> Int {
        text.unicodeScalars.count
    }

    /// The first character `text` may not hold, or `nil` when it is clean.
    ///
    /// Refused: C0 controls (NUL, ESC, CR, …), DEL and C1 controls (U+0080–U+009F). Line break
    /// (LF) and tab are allowed only where `allowsLineBreaks` (a comment's body).
    public static func forbiddenCharacter(in text: String, allowsLineBreaks: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            if allowsLineBreaks, scalar == "\n" || scalar == "\t" { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
    }

    /// Why `text` cannot be sent as `field`, as a reason that completes "Invalid <field>: …",
    /// or `nil` when it can.
    public static func controlCharacterProblem(in text: String, allowsLineBreaks: Bool = false) -> String? {
        guard let scalar = forbiddenCharacter(in: text, allowsLineBreaks: allowsLineBreaks) else { return nil }
        let allowed = allowsLineBreaks ? "only line breaks and tabs are allowed" : "use printable characters only"
        return "it holds the control character \(scalar.codePoint); \(allowed)"
    }
}

extension Unicode.Scalar {
    /// `U+001B`: how a character that cannot be shown is named in a message.
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
