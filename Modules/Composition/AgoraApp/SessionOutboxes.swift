import AgoraCache
import Comments

/// What a user sent that the server has not taken yet, kept by a host apart from the app's
/// cache: agora-web keeps it in a browser session's record, so a queued comment outlives the
/// composition that queued it when that composition is let go to save memory.
///
/// Without one (``AppConfiguration/outboxes`` `nil`), the outboxes live on the cache's database,
/// a file in live mode.
public final class SessionOutboxes: Sendable {
    /// The comments waiting for the server.
    let comments = InMemoryOutbox<OutgoingComment>()

    public init() {}
}
