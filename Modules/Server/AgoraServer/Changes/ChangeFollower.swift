/// One stream of ``ChangeFeed``: what it follows, its client's address, and where its events go.
struct ChangeFollower {
    let topic: ChangeTopic
    /// The client address whose streams it counts among; `nil` for a trusted proxy's own, which
    /// the proxy bounds.
    let address: String?
    /// The session a member's stream ends with; `nil` for an event's.
    let session: FollowedSession?
    let sink: any ChangeSink
    /// Changes that came while its missed ones were read; sent after them.
    var waiting: [(id: Int64, text: String)]? = []
    /// The id of the last change sent: none at or before it is sent again.
    var lastSent: Int64
}
