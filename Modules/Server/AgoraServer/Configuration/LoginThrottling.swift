/// How many failed logins the server takes before it answers 429 for a while.
///
/// Failures are counted per account (by email, known or not) and per client address, over a
/// sliding window; wrong passwords and wrong two-factor codes count alike, across challenges,
/// so a new login no longer buys five more guesses at a code. While an account or address is
/// over its limit, the server answers 429 with `Retry-After` before it checks anything: a
/// right password does not get through either, so guessing gains nothing by going on.
public struct LoginThrottling: Sendable, Hashable {
    /// Failed logins one account may have in ``window``; the next try is refused.
    public var failuresPerAccount: Int
    /// Failed logins one client address may have in ``window``, whatever the accounts; higher
    /// than the per-account limit, since many people can share an address.
    public var failuresPerAddress: Int
    /// How long a failure counts.
    public var window: Duration

    public init(failuresPerAccount: Int = 10, failuresPerAddress: Int = 100, window: Duration = .seconds(15 * 60)) {
        self.failuresPerAccount = failuresPerAccount
        self.failuresPerAddress = failuresPerAddress
        self.window = window
    }
}
