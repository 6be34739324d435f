/// One hop a forwarding header names: the address a proxy saw the request come from, or
/// something that is not an address.
public enum ForwardedHop: Hashable, Sendable {
    /// An IPv4 or IPv6 address, its port (if any) dropped.
    case address(IPAddress)
    /// `unknown`, an obfuscated identifier (`_hidden`), an element without `for=`, or text
    /// that is not a node at all: whoever wrote it is not saying, or is not a proxy.
    case notAnAddress

    /// Reads a node as RFC 7239 §6 writes one, and as `X-Forwarded-For` does: `192.0.2.1`,
    /// `192.0.2.1:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711` or a bare `2001:db8::1`. A port
    /// may be digits (up to 65535) or an obfuscated `_name`; it is dropped either way.
    public init(node text: some StringProtocol) {
        let text = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), let address = IPAddress(text[text.index(after: text.startIndex)..<close]),
                address.isIPv6, Self.isPortSuffix(text[text.index(after: close)...])
            else {
                self = .notAnAddress
                return
            }
            self = .address(address)
        } else if let address = IPAddress(text) {
            self = .address(address)
        } else if let colon = text.firstIndex(of: ":"), let address = IPAddress(text[..<colon]), !address.isIPv6,
            Self.isPortSuffix(text[colon...])
        {
            self = .address(address)
        } else {
            self = .notAnAddress
        }
    }

    /// Nothing, or `:` and a port: 1 to 5 digits up to 65535, or `_` and at least one of
    /// `[A-Za-z0-9._-]` (RFC 7239's obfuscated port).
    private static func isPortSuffix(_ text: Substring) -> Bool {
        guard !text.isEmpty else { return true }
        guard text.first == ":" else { return false }
        let port = text.dropFirst()
        if port.first == "_" {
            return port.count > 1 && port.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        }
        return (1...5).contains(port.count) && port.allSatisfy { $0.isASCII && $0.isNumber } && Int(port).map { $0 <= 65_535 } == true
    }
}
