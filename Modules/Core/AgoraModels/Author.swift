/// Who wrote a comment, did an activity or goes to an event, as anyone may see them: a display name and an id.
///
/// Never an email: that belongs to the ``User`` the account's owner sees of themselves. Compare
/// an author with the signed-in user by ``id``.
public struct Author: Identifiable, Hashable, Sendable, Codable {
    public let id: User.ID
    public var name: String

    public init(id: User.ID, name: String) {
        self.id = id
        self.name = name
    }

    /// `user` as others see them.
    public init(_ user: User) {
        self.init(id: user.id, name: user.name)
    }
}
