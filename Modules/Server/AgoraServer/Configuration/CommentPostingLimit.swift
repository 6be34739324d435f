/// How many comments one account may post in a short time before the server answers 429 with
/// `Retry-After`.
///
/// A token bucket per account: it holds up to ``burst`` posts and refills at ``perMinute`` a
/// minute, so a member may post ``burst`` comments at once and then keep up a steady
/// ``perMinute``, far above how fast people write, while a script that posted 300 comments in
/// 3.2 s gets 10 of them through and then one every two seconds. The defaults are 30 a minute
/// with a burst of 10.
///
/// Buckets live in memory, like the login limits: a restart forgets them.
public struct CommentPostingLimit: Sendable, Hashable {
    /// Posts one account may make at once, after a quiet spell.
    public var burst: Int
    /// Posts one account may make each minute, sustained.
    public var perMinute: Int

    public init(burst: Int = 10, perMinute: Int = 30) {
        self.burst = burst
        self.perMinute = perMinute
    }
}
