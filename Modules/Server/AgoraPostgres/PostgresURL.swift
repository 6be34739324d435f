import Foundation

/// Where a PostgreSQL database is, from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL.
///
/// TLS as libpq's `sslmode` says: used when the server offers it (`prefer`, the default),
/// never (`disable`) or always (`require`); those encrypt without checking who answers, as libpq
/// does. `verify-ca` also checks that a trusted authority signed the server's certificate, and
/// `verify-full` that it names the host; the authorities are the system's, or those in the file
/// `sslrootcert` names (with which `require` checks the authority too, as in libpq).
///
/// The password, when there is one, is kept out of ``description``, so the URL can be logged.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let user: String
    public let password: String?
    public let database: String
    /// Whether the connection uses TLS: `sslmode` in the URL's query.
    public let tls: TLSMode
    /// The certificate authorities (a PEM file) a server's certificate is checked against:
    /// `sslrootcert` in the URL's query; `nil` for the system's.
    public let rootCertificates: String?

    /// Whether a connection uses TLS, and what it checks, as libpq's `sslmode` says.
    public enum TLSMode: String, Sendable, Hashable {
        /// Plain TCP, even when the server offers TLS.
        case disable
        /// TLS when the server offers it (the default); the certificate is not checked.
        case prefer
        /// TLS, or no connection; the certificate is not checked.
        case require
        /// TLS with a certificate a trusted authority signed.
        case verifyCA = "verify-ca"
        /// TLS with a certificate a trusted authority signed for the URL's host.
        case verifyFull = "verify-full"
    }

    /// Parses a `postgres://` (or `postgresql://`) URL; 5432 when it names no port.
    ///
    /// - Throws: ``PostgresURL/Invalid``, naming what is missing or wrong in one line.
    public init(_ text: String) throws(Invalid) {
        let expected = "expected postgres://USER@HOST:PORT/DATABASE"
        guard let url = URLComponents(string: text), let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            throw Invalid("database URL '\(Self.redacted(text))' is not a postgres:// URL; \(expected)")
        }
        guard let host = url.host, !host.isEmpty else {
            throw Invalid("database URL '\(Self.redacted(text))' names no host; \(expected)")
        }
        guard let user = url.user, !user.isEmpty else {
            throw Invalid("database URL '\(Self.redacted(text))' names no user; \(expected)")
        }
        let database = String(url.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw Invalid("database URL '\(Self.redacted(text))' names no database; \(expected)")
        }
        let port = url.port ?? 5432
        guard (1...65_535).contains(port) else {
            throw Invalid("database URL '\(Self.redacted(text))' has port \(port), out of range; \(expected)")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        // URLComponents' user and password are percent-decoded already.
        self.user = user
        password = url.password
        self.database = database.removingPercentEncoding ?? database
        let mode = url.queryItems?.first { $0.name == "sslmode" }?.value ?? TLSMode.prefer.rawValue
        guard let tls = TLSMode(rawValue: mode) else {
            throw Invalid("sslmode '\(mode)' is not known; expected disable, prefer, require, verify-ca or verify-full")
        }
        self.tls = tls
        rootCertificates = url.queryItems?.first { $0.name == "sslrootcert" }?.value
        if rootCertificates?.isEmpty == true {
            throw Invalid("sslrootcert is empty; expected the path of a PEM file of certificate authorities")
        }
    }

    /// Why a text is not a PostgreSQL URL, in one line that names what would be right.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// `postgres://USER@HOST:PORT/DATABASE`, without the password.
    public var description: String {
        let host = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// The text with any password between `:` and `@` replaced, for an error message.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let schemeEnd = text.range(of: "://")?.upperBound,
            let colon = text[schemeEnd..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "***" + text[at...]
    }
}
