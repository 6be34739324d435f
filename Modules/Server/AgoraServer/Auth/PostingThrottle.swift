import Foundation

/// One token bucket per account (``CommentPostingLimit``): each comment takes a token, and an
/// account without one is told how long until the next.
///
/// A post is charged once per `clientID`: a retry of a post (the same `clientID`, within
/// ``retryWindow``), whether it comes after a lost answer or alongside the first try, costs
/// nothing, so a client's retries are never refused for the post they repeat.
///
/// A bucket that has refilled completely is the same as no bucket, so the sweep at most once a
/// minute drops those, and client ids older than ``retryWindow``: memory holds only the accounts
/// that posted within a few minutes.
actor PostingThrottle {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let limit: CommentPostingLimit
    private let now: @Sendable () -> Date
    private var buckets: [Int64: Bucket] = [:]
    /// When each account's recent posts were charged, by `clientID`.
    private var charged: [Int64: [String: Date]] = [:]
    private var lastSweep = Date.distantPast

    /// How long a `clientID` already charged is free to post again.
    static let retryWindow: TimeInterval = 10 * 60

    init(limit: CommentPostingLimit, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.now = now
    }

    /// Tokens a bucket gains per second.
    private var refillRate: Double { Double(limit.perMinute) / 60 }

    /// Takes a token for `account`'s next post: `nil` when it may post, or the whole seconds (at
    /// least 1) until it may, in which case nothing is taken. A `clientID` charged within
    /// ``retryWindow`` takes nothing.
    func take(for account: Int64, clientID: String?) -> Int? {
        let now = now()
        sweepIfDue(now: now)
        if let clientID, let first = charged[account]?[clientID], now.timeIntervalSince(first) < Self.retryWindow {
            return nil
        }
        var bucket = refilled(buckets[account], now: now)
        guard bucket.tokens >= 1 else {
            return max(1, Int(((1 - bucket.tokens) / refillRate).rounded(.up)))
        }
        bucket.tokens -= 1
        buckets[account] = bucket
        if let clientID { charged[account, default: [:]][clientID] = now }
        return nil
    }

    private func refilled(_ bucket: Bucket?, now: Date) -> Bucket {
        guard let bucket else { return Bucket(tokens: Double(limit.burst), updated: now) }
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        return Bucket(tokens: min(Double(limit.burst), bucket.tokens + elapsed * refillRate), updated: now)
    }

    private func sweepIfDue(now: Date) {
        guard now.timeIntervalSince(lastSweep) >= 60 else { return }
        lastSweep = now
        buckets = buckets.filter { refilled($0.value, now: now).tokens < Double(limit.burst) }
        charged = charged.compactMapValues { ids in
            let recent = ids.filter { now.timeIntervalSince($0.value) < Self.retryWindow }
            return recent.isEmpty ? nil : recent
        }
    }
}
