/// The host names a server answers to, which a request's `Host` header must name.
///
/// A web page on another site can make a browser send requests to `127.0.0.1` by pointing its
/// own name there (DNS rebinding); the browser then treats the answers as that site's. Such a
/// request still carries the attacker's name in `Host`, so a server that answers only the
/// names it was started for is out of reach of it.
///
/// Names are compared without letter case and without port (any port is fine: the server may
/// be behind a proxy on another one). An IP address is compared in its canonical form, an IPv6
/// one in brackets as a `Host` header writes it (`[::1]`).
public struct HostAllowList: Sendable, Hashable {
    /// The names, lowercased, IPv6 addresses canonical and in brackets.
    public let names: Set<String>

    /// A list of exactly `names`; a name that is not one (see ``name(_:)``) is left out.
    public init(_ names: some Sequence<String>) {
        self.names = Set(names.compactMap(Self.name))
    }

    /// What a server on loopback answers to: `127.0.0.1`, `localhost`, `[::1]`, the name of the
    /// address it listens on, and `more` (the names an operator allowed, such as the one a
    /// proxy in front of it is reached by).
    public static func serving(host: String, allowing more: some Sequence<String>) -> HostAllowList {
        HostAllowList(["127.0.0.1", "localhost", "[::1]", host] + Array(more))
    }

    /// Whether the value of a `Host` header names a host on the list.
    public func admits(hostHeader value: String) -> Bool {
        Self.hostName(ofHeader: value).map(names.contains) == true
    }

    /// `text` as the list keeps a name: a host name (letters, digits, `-`, `.`, `_`, `~`) in
    /// lowercase, an IPv4 address, or an IPv6 address in brackets, all canonical; `nil` for
    /// anything else, such as a name with a port, a path or a space.
    public static func name(_ text: String) -> String? {
        if text.hasPrefix("["), text.hasSuffix("]") {
            return IPAddress(text.dropFirst().dropLast()).flatMap { $0.isIPv6 ? "[\($0)]" : nil }
        }
        if let address = IPAddress(text) {
            return address.isIPv6 ? "[\(address)]" : address.description
        }
        guard !text.isEmpty, text.utf8.count <= 255, text.allSatisfy(isNameCharacter) else { return nil }
        return text.lowercased()
    }

    /// The name a `Host` header value names, as ``name(_:)`` keeps it, its `:port` dropped;
    /// `nil` when the value is not `host[:port]` (RFC 9110 §7.2).
    public static func hostName(ofHeader value: String) -> String? {
        let host: Substring
        let rest: Substring
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            host = value[...close]
            rest = value[value.index(after: close)...]
        } else if let colon = value.firstIndex(of: ":") {
            host = value[..<colon]
            rest = value[colon...]
        } else {
            host = Substring(value)
            rest = ""
        }
        guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }) else { return nil }
        return name(String(host))
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character))
    }
}
