/// A path a form may send the browser back to: only this app's own pages, so a forged form
/// cannot send the browser to another site (`//evil.example`, `https://…`).
enum LocalPath {
    /// `text` when it is a path of this app, else `fallback`.
    static func checked(_ text: String?, fallback: String = "/events") -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), text.count <= 200,
            text.unicodeScalars.allSatisfy({ (0x21..<0x7F).contains($0.value) })
        else { return fallback }
        return text
    }
}
