import Foundation

/// Failed logins kept in a store several servers share, so ``LoginThrottling``'s limits count
/// the tries made through all of them.
///
/// A try is reserved there before it is checked, as ``LoginThrottle`` reserves it in memory: the
/// reservation counts as a failure on every server at once, and the store takes reservations for
/// one account or address one at a time, so a burst spread over servers never has more tries
/// checked than a limit allows. A try that did not fail gives its reservation back.
protocol SharedLoginFailures: Sendable {
    /// Reserves a try for `attempt` against the tries every server reserved in `limits.window`:
    /// the whole seconds (at least 1) to wait when a limit is reached, else the reservation,
    /// which counts as a failure until ``releaseLoginTry(_:)``. Forgets tries older than the
    /// window, which no limit counts any more.
    func reserveLoginTry(_ attempt: LoginThrottle.Attempt, limits: LoginThrottling, now: Date) async throws -> SharedLoginTry
    /// The reserved try did not fail (the password was right, or it was never checked): it stops
    /// counting.
    func releaseLoginTry(_ reservation: SharedLoginTry.Reservation) async throws
    /// A login succeeded: the account's failures from this address stop counting towards the
    /// limit per account from an address (they still count per account and per address).
    func forgiveLoginFailures(account: String, address: String?) async throws
}

/// What reserving a try in a shared store gave.
enum SharedLoginTry: Sendable, Equatable {
    /// The try may be checked; it counts as a failure until released.
    case reserved(Reservation)
    /// A limit is reached: the try waits this many whole seconds.
    case wait(seconds: Int)

    /// A reserved try, by its row in the store.
    struct Reservation: Sendable, Equatable {
        let id: Int64
    }
}
