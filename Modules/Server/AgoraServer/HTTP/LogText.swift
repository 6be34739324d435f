/// Text a client sent, made safe for one field of a log line in either format.
///
/// A text log writes fields as `key=value` separated by spaces, so a space in a value would
/// start a field the client made up; a line break would start a line; and a bidirectional
/// override or another control reorders or hides what a person reading the log sees (JSON
/// escapes neither). Printable ASCII but the space and `\` stays as it is; everything else is
/// written `\u{…}`, and the text is cut to ``limit`` characters.
enum LogText {
    /// The most characters of client text a field keeps.
    static let limit = 100

    /// `text` with every character that is not printable ASCII, the space and `\` included,
    /// written as `\u{hex}`; longer than ``limit``, cut there with `…`.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if (0x21...0x7E).contains(scalar.value), scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}
