import AgoraModels
import Foundation

/// A browser session's record as a ``WebSessionStore`` keeps it: plain values, JSON, so any
/// agora-web process sharing the store makes the same session of it.
public struct StoredWebSession: Codable, Sendable, Equatable {
    /// One page of the stack: its path, and what its ViewModel left unfinished, as JSON.
    public struct Page: Codable, Sendable, Equatable {
        public var path: String
        public var state: Data?
    }

    public var id: String
    public var csrfToken: String
    public var address: String
    public var deviceID: String?
    public var login: Session?
    /// What waits for the server (`SessionOutboxes.encoded()`).
    public var outboxes: Data
    public var pages: [Page]
    public var hasActed: Bool
    public var loginReason: String?
    public var isExplorerOpen: Bool
    /// When a request last used the session, by the wall clock every process shares.
    public var lastUsed: Date
    /// Counts the saves: a process whose copy is older makes the session again from this one.
    public var version: Int

    /// Whether a member is logged in.
    public var isLoggedIn: Bool { login != nil }
}
