/// Reads a `Transfer-Encoding` field by RFC 9112 §6.1 and RFC 9110 §10.1.4's grammar:
///
/// ```
/// Transfer-Encoding  = #transfer-coding
/// transfer-coding    = token *( OWS ";" OWS transfer-parameter )
/// transfer-parameter = token BWS "=" BWS ( token / quoted-string )
/// ```
///
/// Only printable ASCII, spaces and tabs are read; quoted strings may not hold a backslash or a
/// comma, which no coding's parameter needs. Empty list elements are skipped, as `#` allows.
enum TransferCodings {
    /// One coding: its name in lowercase, and whether parameters followed it.
    struct Coding: Equatable {
        let name: String
        let hasParameters: Bool
    }

    /// The codings of every value, in order; `nil` when one does not match the grammar or the
    /// list is empty.
    static func names(in values: [String]) -> [Coding]? {
        var codings: [Coding] = []
        for value in values {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = element.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
                guard let name = parts.first else { continue }
                if name.isEmpty, parts.count == 1 { continue }
                guard isToken(name), parts.dropFirst().allSatisfy(isParameter) else { return nil }
                codings.append(Coding(name: name.lowercased(), hasParameters: parts.count > 1))
            }
        }
        return codings.isEmpty ? nil : codings
    }

    private static func isParameter(_ text: Substring) -> Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        let name = trimmed(text[..<equals])
        let value = trimmed(text[text.index(after: equals)...])
        guard isToken(name) else { return false }
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            return value.dropFirst().dropLast().unicodeScalars.allSatisfy { scalar in
                scalar == " " || scalar == "\t" || ((0x21...0x7E).contains(scalar.value) && scalar != "\"" && scalar != "\\")
            }
        }
        return isToken(value)
    }

    /// RFC 9110's `token`: one or more of ASCII letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
            }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = text.firstIndex(where: isText), let last = text.lastIndex(where: isText) else { return text[text.endIndex...] }
        return text[first...last]
    }
}
