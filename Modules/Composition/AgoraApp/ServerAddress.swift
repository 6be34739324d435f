import AgoraSecrets
import Foundation

/// Where live mode finds agora-server: `AGORA_SERVER_URL` when set, else `Secrets.apiBaseURL`.
public enum ServerAddress {
    /// The environment variable that overrides `Secrets.apiBaseURL` at run time.
    public static let environmentVariable = "AGORA_SERVER_URL"

    /// The base URL to use, as typed (checked by ``url(_:)`` when the app starts).
    public static func select(environment: [String: String], secretsURL: String = Secrets.apiBaseURL) -> String {
        if let value = environment[environmentVariable], !value.isEmpty { return value }
        return secretsURL
    }

    /// `text` as an http(s) URL with a host, or `nil`.
    public static func url(_ text: String) -> URL? {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              let url = components.url
        else { return nil }
        return url
    }
}
