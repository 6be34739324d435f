/// How many failed logins the server takes before it answers 429 for a while.
///
/// Failures are counted over a sliding window three ways: per account from one client address,
/// per account from every address together, and per address whatever the accounts. Wrong
/// passwords and wrong two-factor codes count alike, across challenges, so a new login buys no
/// more guesses at a code.
///
/// The first limit is the tight one, and it locks out only the address that failed: whoever
/// knows someone's email cannot keep them out by guessing from their own address, since the
/// right password from an address that has not failed still logs in. The per-account ceiling
/// is wider and holds against guesses spread over many addresses; once it is reached the
/// account waits whatever the address (OWASP's guidance on account lockout). While a limit
/// applies, the server answers 429 with `Retry-After` before it checks anything: a right
/// password does not get through either, so guessing gains nothing by going on.
public struct LoginThrottling: Sendable, Hashable {
    /// Failed logins one account may have from one client address in ``window``; that
    /// address's next try for the account is refused.
    public var failuresPerAccountFromAddress: Int
    /// Failed logins one account may have in ``window`` from all addresses together; the next
    /// try is refused from every address. Wider than ``failuresPerAccountFromAddress``, so one
    /// stranger cannot lock the owner out.
    public var failuresPerAccount: Int
    /// Failed logins one client address may have in ``window``, whatever the accounts; higher
    /// than the per-account limit from an address, since many people can share an address.
    public var failuresPerAddress: Int
    /// How long a failure counts.
    public var window: Duration

    public init(
        failuresPerAccountFromAddress: Int = 10, failuresPerAccount: Int = 100, failuresPerAddress: Int = 100,
        window: Duration = .seconds(15 * 60)
    ) {
        self.failuresPerAccountFromAddress = failuresPerAccountFromAddress
        self.failuresPerAccount = failuresPerAccount
        self.failuresPerAddress = failuresPerAddress
        self.window = window
    }
}
