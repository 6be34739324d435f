/// A logged-in user and the token that proves it.
public struct Session: Hashable, Sendable, Codable {
    public var token: AccessToken
    public var user: User

    public init(token: AccessToken, user: User) {
        self.token = token
        self.user = user
    }
}
