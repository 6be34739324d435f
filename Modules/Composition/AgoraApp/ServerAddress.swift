import AgoraSecrets
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where live mode finds agora-server: `AGORA_SERVER_URL` when set, else `Secrets.apiBaseURL`.
public enum ServerAddress {
    /// The environment variable that overrides `Secrets.apiBaseURL` at run time.
    public static let environmentVariable = "AGORA_SERVER_URL"

    /// The base URL to use, as typed (checked by ``url(_:)`` when the app starts).
    public static func select(environment: [String: String], secretsURL: String = Secrets.apiBaseURL) -> String {
        if let value = environment[environmentVariable], !value.isEmpty { return value }
        return secretsURL
    }

    /// `text` as the server's base URL: an `https://` URL with a host, or an `http://` URL to
    /// this machine.
    ///
    /// The app sends a session token with most requests and a password with a login, and plain
    /// http shows them to anyone on the path; only a loopback address (`localhost`,
    /// `127.0.0.0/8`, `::1`) keeps them on this machine, which is where development and the
    /// tests run agora-server.
    ///
    /// - Throws: ``AppStartError/invalidServerURL(_:)`` for text that is not an http(s) URL with
    ///   a host, ``AppStartError/insecureServerURL(_:)`` for `http://` to another host.
    public static func url(_ text: String) throws(AppStartError) -> URL {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            let url = components.url
        else { throw .invalidServerURL(text) }
        guard scheme == "https" || isLoopback(host: host) else { throw .insecureServerURL(text) }
        return url
    }

    /// Whether `host` names this machine: `localhost`, an IPv4 address in `127.0.0.0/8` or the
    /// IPv6 `::1`, in any spelling `inet_pton` reads (brackets around IPv6 allowed).
    ///
    /// Addresses are parsed strictly: `127.0.0.1.example.org` or `127.1` is another host.
    public static func isLoopback(host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        return bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// The server's origin as part of a file name, e.g. `https-agora.example-443` or
    /// `http-127.0.0.1-8080`: scheme, host (lower-cased) and port, so each server an app talks to
    /// gets a session and a cache of its own. Characters a file name should not hold become `_`.
    public static func fileKey(for url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = (url.host ?? "").lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let safe = "\(scheme)-\(host)-\(port)".unicodeScalars.map { scalar -> Character in
            let allowed = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
            return allowed ? Character(scalar) : "_"
        }
        return String(safe)
    }
}
