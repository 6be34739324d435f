import AgoraModels

/// The demo community. Every account's password is ``MockData/demoPassword``; Bob's also needs
/// the two-factor code ``MockData/twoFactorCode``. Alice and Bob are the demo accounts the
/// README documents; Frank is new, attends nothing and has an empty feed.
enum MockUsers {
    static let all: [User] = [
        User(id: 1, name: "Alice Martin", email: "alice@agora.example"),
        User(id: 2, name: "Bob Okafor", email: "bob@agora.example"),
        User(id: 3, name: "Carol Nguyen", email: "carol@agora.example"),
        User(id: 4, name: "田中 恵美", email: "emi@agora.example"),
        User(id: 5, name: "Dmitri Volkov", email: "dmitri@agora.example"),
        User(id: 6, name: "Frank Newman", email: "frank@agora.example"),
    ]

    /// The members who host events and write comments (everyone but Frank).
    static let active = Array(all.prefix(5))

    /// The accounts that need a second factor.
    static let twoFactorUserIDs: Set<User.ID> = [2]
}
