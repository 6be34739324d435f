import Foundation

/// The session a member's stream of changes ends with.
struct FollowedSession: Sendable {
    /// The digest of its token (``TokenDigest``), by which the store finds whether it still is.
    let tokenDigest: String
    /// When it expires.
    let expiresAt: Date

    /// Whether `store` no longer has it; `false` when the store does not answer, as a database
    /// that is away ends nothing (the expiry still ends the streams).
    func hasEnded(in store: any ServerStore) async -> Bool {
        do {
            return try await store.session(tokenDigest: tokenDigest) == nil
        } catch {
            return false
        }
    }
}
