import Foundation

/// Counts failed logins per account from an address, per account and per address, and says how
/// long to wait when one has too many (``LoginThrottling``).
///
/// A try is counted as a pending failure *before* its password or code is checked
/// (``reserve(_:)``), then confirmed (``failed(_:)``) or taken back once it turns out not to be one. Counting only after the check let every guess
/// sent at once pass the limit, since each was checked while none had failed yet; reserving
/// first, inside this actor, lets at most the limit's worth of tries reach the check.
///
/// Failures live in memory: a restart forgets them, which costs an attacker a restart they
/// cannot cause. A key's old failures are dropped when it is checked, and a sweep at most once a
/// minute removes keys whose failures all expired, so memory is bounded by one window's failures.
actor LoginThrottle {
    /// What is being tried: the account (its normalised email) and the client's address, either
    /// unknown, and whether the try comes from a device that has logged in to the account
    /// before (``DeviceID``).
    struct Attempt: Sendable {
        let account: String?
        let address: String?
        /// Exempts the try from ``LoginThrottling/failuresPerAccount``, so failures others
        /// spread over many addresses do not hold out the owner's own device. It still counts
        /// as a failure there when it is one, and every other limit applies.
        let fromKnownDevice: Bool

        init(account: String?, address: String?, fromKnownDevice: Bool = false) {
            self.account = account
            self.address = address
            self.fromKnownDevice = fromKnownDevice
        }
    }

    /// A try counted as a failure until ``succeeded(_:)`` or ``release(_:)`` says otherwise.
    struct Reservation: Sendable {
        let attempt: Attempt
        fileprivate let id: UInt64
    }

    /// An account tried from one address (`nil` when the peer's address is unknown).
    private struct AccountFromAddress: Hashable {
        let account: String
        let address: String?
    }

    let limits: LoginThrottling
    private let now: @Sendable () -> Date
    private var byAccountFromAddress = FailureWindow<AccountFromAddress>()
    private var byAccount = FailureWindow<String>()
    private var byAddress = FailureWindow<String>()
    private var nextID: UInt64 = 0
    private var lastSweep = Date.distantPast
    /// Tries waiting for the outcome of tries in flight (``reserve(_:)``).
    private var outcomeWaiters: [CheckedContinuation<Void, Never>] = []

    init(limits: LoginThrottling, now: @escaping @Sendable () -> Date) {
        self.limits = limits
        self.now = now
    }

    /// Counts `attempt` as a pending failure and returns its reservation, or the whole seconds
    /// (at least 1) it must wait when a limit is reached, in which case nothing is counted.
    ///
    /// A limit is reached by confirmed failures only. When confirmed failures and tries still in
    /// flight together fill a limit, this waits for one of those to end before it decides: so at
    /// most a limit's worth of tries is ever being checked, as before, but thirty right passwords
    /// sent at once all get through rather than find the others' checks counted against them.
    func reserve(_ attempt: Attempt) async -> Result<Reservation, Throttled> {
        while true {
            let now = now()
            sweepIfDue(now: now)
            let keys = keys(of: attempt)
            var waits: [Int?] = []
            var full = false
            if let key = keys.accountFromAddress {
                waits.append(byAccountFromAddress.wait(for: key, limit: limits.failuresPerAccountFromAddress, window: window, now: now))
                full = full || byAccountFromAddress.count(of: key) >= limits.failuresPerAccountFromAddress
            }
            if let account = keys.account, !attempt.fromKnownDevice {
                waits.append(byAccount.wait(for: account, limit: limits.failuresPerAccount, window: window, now: now))
                full = full || byAccount.count(of: account) >= limits.failuresPerAccount
            }
            if let address = keys.address {
                waits.append(byAddress.wait(for: address, limit: limits.failuresPerAddress, window: window, now: now))
                full = full || byAddress.count(of: address) >= limits.failuresPerAddress
            }
            if let longest = waits.compactMap({ $0 }).max() {
                return .failure(Throttled(seconds: longest))
            }
            if full {
                // Tries in flight fill a limit: their outcomes decide whether this one may go.
                await withCheckedContinuation { outcomeWaiters.append($0) }
                continue
            }
            nextID &+= 1
            if let key = keys.accountFromAddress { byAccountFromAddress.add(nextID, to: key, at: now) }
            if let account = keys.account { byAccount.add(nextID, to: account, at: now) }
            if let address = keys.address { byAddress.add(nextID, to: address, at: now) }
            return .success(Reservation(attempt: attempt, id: nextID))
        }
    }

    /// The try was a failure (a wrong password or code): it counts towards every limit.
    func failed(_ reservation: Reservation) {
        let keys = keys(of: reservation.attempt)
        if let key = keys.accountFromAddress { byAccountFromAddress.confirm(reservation.id, in: key) }
        if let account = keys.account { byAccount.confirm(reservation.id, in: account) }
        if let address = keys.address { byAddress.confirm(reservation.id, in: address) }
        wakeWaiters()
    }

    /// The try was not a failure (a right password that still needs its code, or a request the
    /// server could not finish): it no longer counts.
    func release(_ reservation: Reservation) {
        let keys = keys(of: reservation.attempt)
        if let key = keys.accountFromAddress { byAccountFromAddress.remove(reservation.id, from: key) }
        if let account = keys.account { byAccount.remove(reservation.id, from: account) }
        if let address = keys.address { byAddress.remove(reservation.id, from: address) }
        wakeWaiters()
    }

    /// The login succeeded: the try no longer counts, and the account's failures from this
    /// address are forgiven. Failures from other addresses, and the address's failures on other
    /// accounts, stay: one good login opens no door to guessing.
    func succeeded(_ reservation: Reservation) {
        release(reservation)
        if let account = reservation.attempt.account {
            byAccountFromAddress.forget(AccountFromAddress(account: account, address: reservation.attempt.address))
        }
    }

    private func keys(of attempt: Attempt) -> (accountFromAddress: AccountFromAddress?, account: String?, address: String?) {
        (attempt.account.map { AccountFromAddress(account: $0, address: attempt.address) }, attempt.account, attempt.address)
    }

    /// Lets every try waiting for an outcome look again.
    private func wakeWaiters() {
        let waiters = outcomeWaiters
        outcomeWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private var window: TimeInterval {
        let (seconds, attoseconds) = limits.window.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    private func sweepIfDue(now: Date) {
        guard now.timeIntervalSince(lastSweep) >= min(60, window) else { return }
        lastSweep = now
        byAccountFromAddress.sweep(window: window, now: now)
        byAccount.sweep(window: window, now: now)
        byAddress.sweep(window: window, now: now)
    }
}

/// A login refused before it was checked: a limit of ``LoginThrottling`` is reached; try again
/// in `seconds`.
struct Throttled: Error, Sendable {
    let seconds: Int
}
