import Foundation

/// Comment posting buckets kept in a store several servers share, so ``CommentPostingLimit``
/// counts an account's posts through all of them: a burst split over the servers meets the limit
/// a burst through one would.
///
/// A store that adopts this protocol replaces ``PostingThrottle``: each take reads and updates
/// the account's one bucket atomically, so posts sent at the same moment through different
/// servers are counted one after the other.
protocol SharedPostingLimit: Sendable {
    /// Takes a token for `account`'s next post, as ``PostingThrottle/take(for:clientID:)`` does:
    /// `nil` when it may post, or the whole seconds (at least 1) until it may, in which case
    /// nothing is taken. A `clientID` charged within ``PostingThrottle/retryWindow``, through
    /// any server, takes nothing.
    func takePostingToken(for account: Int64, clientID: String?, limit: CommentPostingLimit, now: Date) async throws -> Int?
}
