/// A member of the community.
public struct User: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    public let id: ID
    public var name: String
    public var email: String

    public init(id: ID, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
