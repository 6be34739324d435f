import AgoraContract
import Foundation
import Logging

/// The contract's operations (`APIProtocol`, generated from openapi.yaml) over the store.
///
/// A handler validates what the generated decoding cannot (lengths, blank text, cursors), asks
/// the store, and returns the documented success. Every refusal is a thrown ``APIError``, which
/// ``ErrorResponseMiddleware`` writes as the contract's `ErrorBody`: one place builds error
/// responses, whatever operation or layer refused.
struct APIHandlers: APIProtocol {
    let store: any ServerStore
    let passwords: PasswordHasher
    /// A hash checked when no account has the email, so an unknown email takes as long to
    /// refuse as a wrong password and does not reveal which accounts exist.
    let decoyHash: String
    let tokenLifetime: Duration
    let twoFactorLifetime: Duration
    /// The most sessions an account holds; a new one ends its oldest.
    let sessionsPerAccount: Int
    /// The most logins an account succeeds in within a minute; 429 past it.
    let loginsPerAccountPerMinute: Int
    /// Failed logins per account and address; 429 when there are too many.
    let throttle: LoginThrottle
    /// Comments per account; 429 when an account posts too many too fast. With a store that
    /// shares the buckets between servers (``SharedPostingLimit``), only its limit is used.
    let posting: PostingThrottle
    /// The streams that follow events' changes.
    let changes: ChangeFeed
    let now: @Sendable () -> Date
    let logger: Logger
}
