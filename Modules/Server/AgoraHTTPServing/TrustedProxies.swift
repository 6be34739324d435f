import Hummingbird

/// The proxies whose forwarding headers a server believes, and the client address that belief
/// yields.
///
/// A proxy such as agora-web, or nginx in front of it, connects from its own address on behalf
/// of many visitors; counting by the peer's address would count them all as one. From a trusted
/// proxy, the client is the address its forwarding header (``header``, read by
/// ``ForwardingHeaders``; the other one is never read) names:
/// walking their list from the right (the hop closest to this server), every address that is
/// itself a trusted proxy is passed over, and the first other one is the client. So a chain
/// through nginx then agora-web, both trusted, yields the visitor's address, and whatever a
/// visitor wrote further left is never read.
///
/// A hop the walk reaches that is not an address (`unknown`, an obfuscated `_name`, garbage)
/// yields the peer itself, not the next address along: a trusted proxy that writes something
/// else is not telling who sent the request, and the address left of it was written by someone
/// nobody vouches for. The cost is that such requests share the proxy's own limits.
///
/// From a peer that is not trusted, the headers are not read at all, so a client that connects
/// directly cannot choose its address. With no trusted proxies (the default), every request's
/// client is its peer.
public struct TrustedProxies: Sendable, Hashable {
    /// The proxies, by address.
    public let addresses: Set<IPAddress>
    /// The header the proxies write, the only one read.
    public let header: ForwardingHeader

    /// Trusts the proxies at `addresses`, which name the client in `header`.
    public init(_ addresses: some Sequence<IPAddress>, header: ForwardingHeader = .xForwardedFor) {
        self.addresses = Set(addresses)
        self.header = header
    }

    /// No proxy is trusted: the client is always the peer.
    public static let none = TrustedProxies([])

    /// Whether `address` is a trusted proxy.
    public func contains(_ address: IPAddress) -> Bool {
        addresses.contains(address)
    }

    /// The client that sent a request which arrived from `peer` with `headers`: `peer` unless it
    /// is a trusted proxy whose forwarding header names the client. `nil` when the peer's
    /// address is unknown (a Unix domain socket), whose headers are not trusted either.
    public func client(peer: IPAddress?, headers: HTTPFields) -> IPAddress? {
        guard let peer, contains(peer), let hops = ForwardingHeaders.hops(in: headers, reading: header) else { return peer }
        return client(peer: peer, hops: hops)
    }

    /// The walk over `hops` (client first) for a request that arrived from the trusted `peer`.
    public func client(peer: IPAddress, hops: [ForwardedHop]) -> IPAddress {
        var nearestTrusted = peer
        for hop in hops.reversed() {
            guard case .address(let address) = hop else { return peer }
            guard contains(address) else { return address }
            nearestTrusted = address
        }
        // Every hop is a trusted proxy: the request started at the first of them.
        return nearestTrusted
    }
}
