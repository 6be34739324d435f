/// An account's address without giving it away: "bob@agora.example" → "b••@agora.example", as
/// OSS mode shows where a two-factor code went, and as the log names a failed login's account.
///
/// What a login names is the client's text, whatever it is, so the domain and the first
/// character are escaped as ``LogText`` escapes (a space, a line break or a bidirectional
/// override would otherwise fake a field or hide the line's end); text with no `@` is all masked.
enum MaskedEmail {
    static func mask(_ email: String) -> String {
        guard let at = email.firstIndex(of: "@"), at > email.startIndex, let first = email.first else {
            return String(repeating: "•", count: min(max(email.count, 1), LogText.limit))
        }
        let name = email[..<at]
        let bullets = String(repeating: "•", count: min(max(name.count - 1, 1), LogText.limit))
        return LogText.escaped(String(first)) + bullets + "@" + LogText.escaped(email[email.index(after: at)...])
    }
}
