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

    /// Why `text` cannot be sent as `field`, or `nil` when it can: a clause whose subject is
    /// `subject`, so "it" completes "Invalid <field>: …" and "The body" makes a sentence.
    public static func controlCharacterProblem(in text: String, allowsLineBreaks: Bool = false, subject: String = "it") -> String? {
        guard let scalar = forbiddenCharacter(in: text, allowsLineBreaks: allowsLineBreaks) else { return nil }
        let allowed = allowsLineBreaks ? "only line breaks and tabs are allowed" : "use printable characters only"
        return "\(subject) holds the control character \(scalar.codePoint); \(allowed)"
    }

    /// The most combining marks one character (grapheme cluster) may carry. Scripts that stack
    /// marks use a few (Vietnamese two, Indic and Tibetan clusters up to about six); more is
    /// "Zalgo" text, which draws over the lines around it, and 1,990 marks on one letter were
    /// stored and shown as they came.
    public static let maximumCombiningMarks = 8

    /// The most combining marks (Unicode categories Mn, Mc and Me) any one character of `text`
    /// carries.
    public static func mostCombiningMarks(in text: String) -> Int {
        text.reduce(0) { most, character in
            max(most, character.unicodeScalars.count(where: \.isCombiningMark))
        }
    }

    /// Why `text` stacks too many combining marks on one character, or `nil` when it does not;
    /// a clause whose subject is `subject`, as ``controlCharacterProblem(in:allowsLineBreaks:subject:)``.
    public static func combiningMarkProblem(in text: String, subject: String = "it") -> String? {
        let most = mostCombiningMarks(in: text)
        guard most > maximumCombiningMarks else { return nil }
        return "\(subject) stacks \(most) combining marks on one character; at most \(maximumCombiningMarks) are allowed"
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a combining mark: nonspacing, spacing or enclosing.
    var isCombiningMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// `U+001B`: how a character that cannot be shown is named in a message.
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
