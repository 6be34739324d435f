/// A bearer token the API issued for a session.
///
/// It never prints: `description` and `debugDescription` are redacted, so a token cannot leak
/// into a transcript, a log or an error message by string interpolation.
public struct AccessToken: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token as the server sent it; read it only to authorize a request or to store it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "AccessToken(redacted)" }
    public var debugDescription: String { description }
}
