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
///
/// This is one server's count; a store several servers share keeps the buckets instead
/// (``SharedPostingLimit``), so a burst split over them meets the same limit.
actor PostingThrottle {
    /// The limit every bucket refills to and at.
    let limit: CommentPostingLimit
    private let now: @Sendable () -> Date
    private var buckets: [Int64: PostingBucket] = [:]
    /// When each account's recent posts were charged, by `clientID`.
    private var charged: [Int64: [String: Date]] = [:]
    private var lastSweep = Date.distantPast

    /// How long a `clientID` already charged is free to post again.
    static let retryWindow: TimeInterval = 10 * 60

    init(limit: CommentPostingLimit, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.now = now
    }

    /// Takes a token for `account`'s next post: `nil` when it may post, or the whole seconds (at
    /// least 1) until it may, in which case nothing is taken. A `clientID` charged within
    /// ``retryWindow`` takes nothing.
    func take(for account: Int64, clientID: String?) -> Int? {
        let now = now()
        sweepIfDue(now: now)
        if let clientID, let first = charged[account]?[clientID], now.timeIntervalSince(first) < Self.retryWindow {
            return nil
        }
        var bucket = PostingBucket.refilled(buckets[account], limit: limit, now: now)
        if let wait = bucket.take(limit: limit) { return wait }
        buckets[account] = bucket
        if let clientID { charged[account, default: [:]][clientID] = now }
        return nil
    }

    private func sweepIfDue(now: Date) {
        guard now.timeIntervalSince(lastSweep) >= 60 else { return }
        lastSweep = now
        buckets = buckets.filter { PostingBucket.refilled($0.value, limit: limit, now: now).tokens < Double(limit.burst) }
        charged = charged.compactMapValues { ids in
            let recent = ids.filter { now.timeIntervalSince($0.value) < Self.retryWindow }
            return recent.isEmpty ? nil : recent
        }
    }
}

/// One account's tokens for posting and when they were last counted: the arithmetic of
/// ``CommentPostingLimit``, the same whether the bucket is kept in memory or in a shared store.
struct PostingBucket: Sendable, Equatable {
    /// Tokens left; fractions accrue between posts.
    var tokens: Double
    /// When ``tokens`` was counted.
    var updated: Date

    /// `bucket` with what it gained by `now` (at most the burst); a full bucket when there is none.
    static func refilled(_ bucket: PostingBucket?, limit: CommentPostingLimit, now: Date) -> PostingBucket {
        guard let bucket else { return PostingBucket(tokens: Double(limit.burst), updated: now) }
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        return PostingBucket(tokens: min(Double(limit.burst), bucket.tokens + elapsed * refillRate(limit)), updated: now)
    }

    /// Takes one token: `nil` when there was one, else the whole seconds (at least 1) until there
    /// is, and the bucket is left as it was.
    mutating func take(limit: CommentPostingLimit) -> Int? {
        guard tokens >= 1 else {
            return max(1, Int(((1 - tokens) / Self.refillRate(limit)).rounded(.up)))
        }
        tokens -= 1
        return nil
    }

    /// Tokens a bucket gains per second.
    private static func refillRate(_ limit: CommentPostingLimit) -> Double { Double(limit.perMinute) / 60 }
}
