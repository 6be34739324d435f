#if PostgreSQL
import NIOSSL
import PostgresNIO

extension PostgresURL {
    /// What TLS a connection offers and what it checks of the server's certificate, for the
    /// pool and for a single connection alike; `nil` for plain TCP.
    ///
    /// `prefer` and `require` check nothing, as in libpq: they keep the traffic from being read
    /// on the way, and Debian's PostgreSQL, among others, answers with a certificate it signed
    /// itself, which a check would refuse. Who the server is, `verify-ca` and `verify-full` check.
    public var tlsConfiguration: TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable:
            return nil
        case .prefer, .require:
            configuration.certificateVerification = rootCertificates == nil ? .none : .noHostnameVerification
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        if let rootCertificates { configuration.trustRoots = .file(rootCertificates) }
        return configuration
    }

    /// The pool's TLS.
    public var poolTLS: PostgresClient.Configuration.TLS {
        guard let configuration = tlsConfiguration else { return .disable }
        return tls == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// A single connection's TLS.
    public func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        guard let configuration = tlsConfiguration else { return .disable }
        let context = try NIOSSLContext(configuration: configuration)
        return tls == .prefer ? .prefer(context) : .require(context)
    }
}
#endif
