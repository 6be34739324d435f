/// The one header that names a request's client when it comes from a trusted proxy: the one the
/// operator's proxy writes. Only that one is read, because a proxy passes the other on as the
/// visitor wrote it: stock nginx appends to `X-Forwarded-For` but forwards a visitor's own
/// `Forwarded` untouched, so reading both lets a visitor pick the address counted.
public enum ForwardingHeader: String, Sendable, Hashable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1, proxy2`: what nginx's `$proxy_add_x_forwarded_for`
    /// and agora-web write. The default.
    case xForwardedFor = "x-forwarded-for"
    /// RFC 7239's `Forwarded: for=client, for=proxy1` (its `for=` parameters).
    case forwarded

    /// The header's name as it is written on the wire.
    public var fieldName: String {
        switch self {
        case .xForwardedFor: "X-Forwarded-For"
        case .forwarded: "Forwarded"
        }
    }
}
