import AgoraModels

extension User {
    /// A typical user for tests.
    public static let template = User(id: 1, name: "Alice Martin", email: "alice@agora.example")
}
