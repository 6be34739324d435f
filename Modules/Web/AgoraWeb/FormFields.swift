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

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
