import NIOCore

/// An IPv4 or IPv6 address, read by the system's parser (`inet_pton`, through NIO's
/// `SocketAddress`) and kept in its canonical text form, so two spellings of one address
/// compare equal (`::1` and `0:0:0:0:0:0:0:1`).
///
/// No regular expression decides what an address is: the text must consist of hexadecimal
/// digits, dots and colons only (no zone such as `%eth0`, no NUL byte the C parser would stop at,
/// at most 45 characters), and the parser must take all of it. An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 peer) is the IPv4 address
/// it maps, so a proxy is recognised whichever way the socket saw it.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The canonical text: dotted quad for IPv4, RFC 5952's compressed form for IPv6, without
    /// brackets or port.
    public let description: String

    /// Whether it is an IPv6 address (which a URI or a `Host` header writes in brackets).
    public let isIPv6: Bool

    /// Reads `text` as an IPv4 address (`192.0.2.1`) or an IPv6 one (`2001:db8::1`, no brackets,
    /// no port); `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        guard (2...45).contains(text.utf8.count), text.utf8.allSatisfy(Self.mayAppear),
            let parsed = try? SocketAddress(ipAddress: String(text), port: 0)
        else { return nil }
        self.init(parsed)
    }

    /// The IP address of a socket address (its port dropped); `nil` for a Unix domain socket.
    public init?(_ address: SocketAddress) {
        guard let text = address.ipAddress else { return nil }
        switch address {
        case .v6:
            let mappedPrefix = "::ffff:"
            if text.hasPrefix(mappedPrefix), text.contains("."),
                let v4 = try? SocketAddress(ipAddress: String(text.dropFirst(mappedPrefix.count)), port: 0),
                let v4Text = v4.ipAddress
            {
                description = v4Text
                isIPv6 = false
            } else {
                description = text
                isIPv6 = true
            }
        default:
            description = text
            isIPv6 = false
        }
    }

    private static func mayAppear(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }
}
