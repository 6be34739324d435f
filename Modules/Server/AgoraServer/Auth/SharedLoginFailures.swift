import Foundation

/// Failed logins kept in a store several servers share, so ``LoginThrottling``'s limits count
/// the failures made through all of them.
///
/// ``LoginThrottle`` still counts each server's own tries as they are checked (in memory, where
/// tries in flight are held back); a store that adopts this protocol adds every server's
/// confirmed failures, and a try any limit refuses there is answered 429 before it is checked.
/// Tries in flight on other servers at the same moment are not seen, so a burst spread over
/// servers can pass a limit by what those servers have in flight.
protocol SharedLoginFailures: Sendable {
    /// The whole seconds (at least 1) `attempt` must wait because a limit is reached by the
    /// failures every server recorded; `nil` when it may be checked.
    func loginWait(for attempt: LoginThrottle.Attempt, limits: LoginThrottling, now: Date) async throws -> Int?
    /// Records a failed try, for every server to count, and forgets failures older than
    /// `window`, which no limit counts any more.
    func recordLoginFailure(_ attempt: LoginThrottle.Attempt, now: Date, window: Duration) async throws
    /// A login succeeded: the account's failures from this address stop counting towards the
    /// limit per account from an address (they still count per account and per address).
    func forgiveLoginFailures(account: String, address: String?) async throws
}
