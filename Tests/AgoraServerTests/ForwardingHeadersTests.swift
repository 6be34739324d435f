import AgoraHTTPServing
import HTTPTypes
import Testing

/// The forwarding headers are the client's own text until a trusted proxy vouches for them:
/// they are read with the system's address parser, and anything unexpected is no address.
@Suite("Forwarding headers: parsing Forwarded and X-Forwarded-For, and walking them from a trusted proxy")
struct ForwardingHeadersTests {
    static func address(_ text: String) -> IPAddress { IPAddress(text)! }

    @Test(
        "IPAddress reads IPv4 and IPv6 through inet_pton, canonically, and nothing else",
        arguments: [
            ("192.0.2.1", "192.0.2.1"), ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"), ("::1", "::1"), ("::ffff:192.0.2.1", "192.0.2.1"),
            ("192.0.2", nil), ("192.0.2.256", nil), ("01.2.3.4", nil), ("fe80::1%eth0", nil), ("192.0.2.1\u{0}x", nil), ("localhost", nil),
            (" 192.0.2.1", nil), ("", nil), ("[::1]", nil),
        ] as [(String, String?)])
    func addresses(text: String, canonical: String?) {
        #expect(IPAddress(text)?.description == canonical)
    }

    @Test(
        "a node is an address with or without port, IPv6 in brackets, or no address",
        arguments: [
            ("192.0.2.60", "192.0.2.60"), ("192.0.2.60:47011", "192.0.2.60"), ("[2001:db8:cafe::17]", "2001:db8:cafe::17"),
            ("[2001:db8:cafe::17]:4711", "2001:db8:cafe::17"), ("2001:db8::17", "2001:db8::17"), ("192.0.2.60:_hidden", "192.0.2.60"),
            ("unknown", nil), ("_hidden", nil), ("192.0.2.60:99999", nil), ("192.0.2.60:", nil), ("[192.0.2.60]", nil),
            ("[2001:db8::17]x", nil), ("garbage", nil),
        ] as [(String, String?)])
    func nodes(text: String, expected: String?) {
        let hop = ForwardedHop(node: text)
        #expect(hop == (expected.map { .address(Self.address($0)) } ?? .notAnAddress))
    }

    @Test("Forwarded: for= of each element in order, quoted or bare, any letter case, across fields; empty elements skipped")
    func forwarded() {
        let hops = ForwardingHeaders.forwardedHops([
            #"for=192.0.2.60;proto=http;by=203.0.113.43, FOR="[2001:db8:cafe::17]:4711""#, #" proto=https;For="198.51.100.1",,"#,
        ])

        #expect(hops == [.address(Self.address("192.0.2.60")), .address(Self.address("2001:db8:cafe::17")), .address(Self.address("198.51.100.1"))])
    }

    @Test(
        "Forwarded: an element without one readable for= is no address",
        arguments: ["proto=https", "for=unknown", "for=_SEVKISEK", #"for="192.0.2.1"#, "for=192.0.2.1;for=192.0.2.2", "for", #"for=19"2.0.2.1"#]
    )
    func forwardedUnreadable(value: String) {
        #expect(ForwardingHeaders.forwardedHops([value]) == [.notAnAddress])
    }

    @Test("Forwarded: a comma inside quotes does not end the element")
    func forwardedQuotedComma() {
        #expect(ForwardingHeaders.forwardedHops([#"for=192.0.2.1;ext="a, b", for=192.0.2.2"#]).count == 2)
    }

    @Test("X-Forwarded-For: each element in order across fields; ports and brackets dropped; garbage is no address")
    func xForwardedFor() {
        let hops = ForwardingHeaders.xForwardedForHops(["192.0.2.1, [2001:db8::1]:80", " 198.51.100.2:8080 ,junk"])

        #expect(
            hops == [
                .address(Self.address("192.0.2.1")), .address(Self.address("2001:db8::1")), .address(Self.address("198.51.100.2")), .notAnAddress,
            ])
    }

    @Test("hops(in:reading:) reads the header named and never the other; nil when that one is absent or empty")
    func headerChoice() {
        let both: HTTPFields = [.init("Forwarded")!: "for=192.0.2.1", .init("X-Forwarded-For")!: "192.0.2.2"]
        let xffOnly: HTTPFields = [.init("X-Forwarded-For")!: "192.0.2.2"]
        let emptyForwarded: HTTPFields = [.init("Forwarded")!: " ", .init("X-Forwarded-For")!: "192.0.2.2"]

        #expect(ForwardingHeaders.hops(in: both, reading: .xForwardedFor) == [.address(Self.address("192.0.2.2"))])
        #expect(ForwardingHeaders.hops(in: both, reading: .forwarded) == [.address(Self.address("192.0.2.1"))])
        #expect(ForwardingHeaders.hops(in: xffOnly, reading: .forwarded) == nil)
        #expect(ForwardingHeaders.hops(in: emptyForwarded, reading: .forwarded) == nil)
        #expect(ForwardingHeaders.hops(in: emptyForwarded, reading: .xForwardedFor) == [.address(Self.address("192.0.2.2"))])
        #expect(ForwardingHeaders.hops(in: [:], reading: .xForwardedFor) == nil)
    }

    @Test("given a trusted proxy that writes X-Forwarded-For, when a visitor adds a Forwarded of their own, then the client is the one X-Forwarded-For names")
    func visitorsOwnForwardedIsNotRead() {
        let proxy = Self.address("127.0.0.1")
        let headers: HTTPFields = [.init("Forwarded")!: "for=127.0.1.200", .init("X-Forwarded-For")!: "127.0.1.7"]

        #expect(TrustedProxies([proxy]).client(peer: proxy, headers: headers)?.description == "127.0.1.7")
        #expect(TrustedProxies([proxy], header: .forwarded).client(peer: proxy, headers: headers)?.description == "127.0.1.200")
    }

    @Test("the walk from a trusted peer passes over trusted hops from the right and takes the first other address")
    func walk() {
        let proxies = TrustedProxies([Self.address("127.0.0.1"), Self.address("10.0.0.254")])
        let peer = Self.address("127.0.0.1")
        func client(_ hops: String) -> String {
            proxies.client(peer: peer, hops: ForwardingHeaders.xForwardedForHops([hops])).description
        }

        #expect(client("203.0.113.9") == "203.0.113.9")
        #expect(client("192.0.2.66, 203.0.113.9, 10.0.0.254") == "203.0.113.9")
        #expect(client("junk, 203.0.113.9, 10.0.0.254") == "203.0.113.9")
        #expect(client("203.0.113.9, junk, 10.0.0.254") == "127.0.0.1")
        #expect(client("203.0.113.9, unknown") == "127.0.0.1")
        #expect(client("10.0.0.254, 127.0.0.1") == "10.0.0.254")
    }

    @Test("the headers of a peer that is not trusted are not read, and an unknown peer stays unknown")
    func untrustedPeer() {
        let proxies = TrustedProxies([Self.address("127.0.0.1")])
        let headers: HTTPFields = [.init("X-Forwarded-For")!: "203.0.113.9"]

        #expect(proxies.client(peer: Self.address("127.0.0.2"), headers: headers)?.description == "127.0.0.2")
        #expect(TrustedProxies.none.client(peer: Self.address("127.0.0.1"), headers: headers)?.description == "127.0.0.1")
        #expect(proxies.client(peer: nil, headers: headers) == nil)
        #expect(proxies.client(peer: Self.address("::ffff:127.0.0.1"), headers: headers)?.description == "203.0.113.9")
    }

    @Test(
        "a Host header's name is host[:port] without the port, lowercased, IPv6 canonical in brackets; anything else is no name",
        arguments: [
            ("LocalHost:8080", "localhost"), ("127.0.0.1", "127.0.0.1"), ("[0::1]:80", "[::1]"), ("agora.example:", "agora.example"),
            ("localhost:http", nil), ("a b", nil), ("", nil), ("[::1", nil), ("::1", nil), ("host/x", nil), ("évil.example", nil),
        ] as [(String, String?)])
    func hostNames(value: String, name: String?) {
        #expect(HostAllowList.hostName(ofHeader: value) == name)
    }
}
