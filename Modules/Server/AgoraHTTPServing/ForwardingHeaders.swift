import Hummingbird

/// The hops a request's forwarding header names, client first: RFC 7239's `Forwarded` (its
/// `for=` parameters) or the older `X-Forwarded-For`, whichever ``ForwardingHeader`` the
/// operator's proxy writes.
///
/// Each proxy appends the address it received the request from, so the list reads from the
/// client (leftmost, and written by whoever sent the request first: anything at all) to the
/// proxy closest to this server (rightmost). Only ``TrustedProxies`` decides how much of it to
/// believe; these functions only read it.
public enum ForwardingHeaders {
    /// The hops of `header` in `headers`; `nil` when it is absent or empty. Repeated fields are
    /// one list, in order. The other forwarding header is never read.
    public static func hops(in headers: HTTPFields, reading header: ForwardingHeader) -> [ForwardedHop]? {
        let values = values(named: header.rawValue, in: headers)
        let hops =
            switch header {
            case .forwarded: forwardedHops(values)
            case .xForwardedFor: xForwardedForHops(values)
            }
        return hops.isEmpty ? nil : hops
    }

    /// The `for=` node of each element of `Forwarded` field values (RFC 7239 §4), in order.
    ///
    /// Elements are separated by commas and their pairs by semicolons, outside quoted strings;
    /// a parameter's name is matched in any letter case and its value is a token or a quoted
    /// string (with `\` escapes), as in `for=192.0.2.60;proto=http, for="[2001:db8::17]:4711"`.
    /// An element without exactly one `for`, or whose syntax is broken (a quote left open, a
    /// pair without `=`), is ``ForwardedHop/notAnAddress``. Empty elements are skipped.
    public static func forwardedHops(_ values: [String]) -> [ForwardedHop] {
        values.flatMap { value in
            split(Substring(value), on: ",").compactMap { element -> ForwardedHop? in
                let element = trimmed(element)
                guard !element.isEmpty else { return nil }
                guard let node = forNode(of: element) else { return .notAnAddress }
                return ForwardedHop(node: node)
            }
        }
    }

    /// The node of each comma-separated element of `X-Forwarded-For` field values, in order;
    /// empty elements are skipped.
    public static func xForwardedForHops(_ values: [String]) -> [ForwardedHop] {
        values.flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: false).map(trimmed).filter { !$0.isEmpty }.map { ForwardedHop(node: $0) }
        }
    }

    private static func values(named name: String, in headers: HTTPFields) -> [String] {
        headers.filter { $0.name.canonicalName == name }.map(\.value)
    }

    /// The value of the element's only `for` parameter, unquoted; `nil` when there is none,
    /// more than one, or the element cannot be read.
    private static func forNode(of element: Substring) -> Substring? {
        var found: Substring?
        for pair in split(element, on: ";") {
            let pair = trimmed(pair)
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            guard trimmed(pair[..<equals]).lowercased() == "for" else { continue }
            guard found == nil, let value = unquoted(trimmed(pair[pair.index(after: equals)...])) else { return nil }
            found = value
        }
        return found
    }

    /// A token as it is, or a quoted string without its quotes and escapes; `nil` for a quote
    /// left open or a stray one.
    private static func unquoted(_ value: Substring) -> Substring? {
        guard value.first == "\"" else { return value.contains("\"") ? nil : value }
        guard value.count >= 2, value.last == "\"" else { return nil }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : Substring(result)
    }

    /// `text` split at every `separator` outside a quoted string; a quote left open runs to the
    /// end of the text.
    private static func split(_ text: Substring, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var inQuotes = false
        var escaped = false
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
            } else if inQuotes, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes, character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace).
    private static func trimmed(_ text: Substring) -> Substring {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = text.firstIndex(where: isText), let last = text.lastIndex(where: isText) else { return text[text.endIndex...] }
        return text[first...last]
    }
}
