import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, as a browser posts a form.
enum FormFields {
    /// Each `name=value` pair, `+` as a space and percent-escapes decoded; a name given twice
    /// keeps its first value. A pair that does not decode is left out.
    static func parse(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return fields
    }

    /// The fields a form carries that a member did not type (its token, where it came from, a
    /// button's or a choice's value) or that must never be shown again (a password, a code).
    static let notTyped: Set<String> = ["csrf", "from", "action", "confirmed", "going", "password", "code"]

    /// What a member typed in `fields`, by field name: each non-empty field but ``notTyped``.
    static func typedTexts(in fields: [String: String]) -> [(name: String, text: String)] {
        fields.filter { !notTyped.contains($0.key) && !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
