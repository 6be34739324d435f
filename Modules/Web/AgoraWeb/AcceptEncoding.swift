/// What a request's `Accept-Encoding` says of one content coding (RFC 9110 §12.5.3): a list of
/// codings, each with an optional weight (`gzip;q=0.8`), `*` for any coding not named. Read
/// leniently, as negotiation is: a part that is no coding is passed over, never an error.
enum AcceptEncoding {
    /// Whether `field` accepts `coding` (given in lower case): named with a weight above zero,
    /// or not named while `*` has one. A coding named with `q=0` is refused whatever `*` says;
    /// `x-gzip` names gzip, as RFC 9110 §8.4.1.3 asks.
    static func accepts(_ coding: String, in field: String) -> Bool {
        var wildcard: Bool?
        for member in field.split(separator: ",") {
            let parts = member.split(separator: ";", omittingEmptySubsequences: false)
            let written = trimmed(parts.first ?? "").lowercased()
            let name = written == "x-gzip" ? "gzip" : written
            let weighted = parts.dropFirst().allSatisfy { !isZeroWeight(trimmed($0)) }
            if name == coding { return weighted }
            if name == "*" { wildcard = weighted }
        }
        return wildcard ?? false
    }

    /// Whether a parameter is a weight of zero: `q=0`, `q=0.`, `q=0.0` up to three zeros (`Q`
    /// too: parameter names are case-insensitive).
    private static func isZeroWeight(_ parameter: Substring) -> Bool {
        let pieces = parameter.split(separator: "=", maxSplits: 1)
        guard pieces.count == 2, trimmed(pieces[0]).lowercased() == "q" else { return false }
        let value = trimmed(pieces[1])
        guard value.first == "0" else { return false }
        let rest = value.dropFirst()
        return rest.isEmpty || (rest.first == "." && rest.count <= 4 && rest.dropFirst().allSatisfy { $0 == "0" })
    }

    /// `text` without the spaces and tabs (OWS) around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}
