import AgoraModels

/// The demo community. Alice and Bob are the demo accounts documented in the README.
enum MockUsers {
    static let all: [User] = [
        User(id: 1, name: "Alice Martin", email: "alice@agora.example"),
        User(id: 2, name: "Bob Okafor", email: "bob@agora.example"),
        User(id: 3, name: "Carol Nguyen", email: "carol@agora.example"),
        User(id: 4, name: "田中 恵美", email: "emi@agora.example"),
        User(id: 5, name: "Dmitri Volkov", email: "dmitri@agora.example"),
    ]
}
