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
/// account waits whatever the address, except from a known device (below). While a limit
/// applies, the server answers 429 with `Retry-After` before it checks anything: a right
/// password does not get through either, so guessing gains nothing by going on.
///
/// **Known devices.** A ceiling that holds the account for everyone also holds its owner out,
/// which OWASP's guidance on account lockout warns of. A client may send `Agora-Device: <id>`
/// with its logins (22 to 128 characters of `A-Z`, `a-z`, `0-9`, `_`, `-`; any other value is
/// ignored, as if absent); once a login succeeds with it, the database keeps the identifier's
/// SHA-256 as a known device of the account (at most 50 per account). A later try for that
/// account from a known device is not held by ``failuresPerAccount``: only the limits per
/// account from an address and per address apply to it. Its failures still count everywhere.
///
/// **The client's address.** The address is the TCP peer's, unless the peer is one of
/// ``AgoraServerConfiguration/trustedProxies`` (agora-web, nginx): then it is the client its
/// `Forwarded` or `X-Forwarded-For` header names, read from the right past every trusted proxy.
/// A hop there that is not an IP address counts the request as the proxy's own; a peer that is
/// not trusted cannot name another address, so a direct client cannot spread its failures.
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
