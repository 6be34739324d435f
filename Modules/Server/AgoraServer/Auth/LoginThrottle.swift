import Foundation

/// Counts failed logins per account and per client address, and says how long to wait when
/// either has too many (``LoginThrottling``).
///
/// Failures live in memory: a restart forgets them, which costs an attacker a restart they
/// cannot cause. A key's old failures are dropped when it is checked, and a sweep at most once a
/// minute removes keys whose failures all expired, so memory is bounded by one window's failures.
actor LoginThrottle {
    /// What is being tried: the account (its normalised email) and the peer's address, either
    /// unknown.
    struct Attempt: Sendable {
        let account: String?
        let address: String?
    }

    private let limits: LoginThrottling
    private let now: @Sendable () -> Date
    private var failuresByAccount: [String: [Date]] = [:]
    private var failuresByAddress: [String: [Date]] = [:]
    private var lastSweep = Date.distantPast

    init(limits: LoginThrottling, now: @escaping @Sendable () -> Date) {
        self.limits = limits
        self.now = now
    }

    /// How long `attempt` must wait before it is checked at all, in whole seconds (at least 1);
    /// `nil` when it may go ahead.
    func secondsToWait(before attempt: Attempt) -> Int? {
        let now = now()
        forgetExpired(now: now)
        let oldest = now.addingTimeInterval(-window)
        if let account = attempt.account { failuresByAccount[account] = failuresByAccount[account].flatMap { Self.within($0, after: oldest) } }
        if let address = attempt.address { failuresByAddress[address] = failuresByAddress[address].flatMap { Self.within($0, after: oldest) } }
        let waits = [
            attempt.account.flatMap { wait(failuresByAccount[$0], limit: limits.failuresPerAccount, now: now) },
            attempt.address.flatMap { wait(failuresByAddress[$0], limit: limits.failuresPerAddress, now: now) },
        ].compactMap { $0 }
        return waits.max()
    }

    /// Counts a wrong password or code against the account and the address.
    func recordFailure(_ attempt: Attempt) {
        let now = now()
        if let account = attempt.account { failuresByAccount[account, default: []].append(now) }
        if let address = attempt.address { failuresByAddress[address, default: []].append(now) }
    }

    /// A login succeeded: the account's failures are forgiven (the address's are not, so one
    /// good account does not open the door to guessing others).
    func recordSuccess(_ attempt: Attempt) {
        if let account = attempt.account { failuresByAccount[account] = nil }
    }

    /// The wait until fewer than `limit` failures are in the window, or `nil` when there are.
    private func wait(_ failures: [Date]?, limit: Int, now: Date) -> Int? {
        guard let failures, failures.count >= limit else { return nil }
        // Failures are in time order: the one whose expiry brings the count under the limit.
        let freeing = failures[failures.count - limit]
        let seconds = freeing.timeIntervalSince(now) + window
        return max(1, Int(seconds.rounded(.up)))
    }

    private var window: TimeInterval {
        let (seconds, attoseconds) = limits.window.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    private func forgetExpired(now: Date) {
        guard now.timeIntervalSince(lastSweep) >= min(60, window) else { return }
        lastSweep = now
        let oldest = now.addingTimeInterval(-window)
        failuresByAccount = failuresByAccount.compactMapValues { Self.within($0, after: oldest) }
        failuresByAddress = failuresByAddress.compactMapValues { Self.within($0, after: oldest) }
    }

    private static func within(_ failures: [Date], after oldest: Date) -> [Date]? {
        let kept = failures.drop { $0 <= oldest }
        return kept.isEmpty ? nil : Array(kept)
    }
}
