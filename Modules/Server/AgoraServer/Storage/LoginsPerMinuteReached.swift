import Foundation

/// An account already succeeded in as many logins as it may within a minute: no session is made
/// (``AgoraServerConfiguration/loginsPerAccountPerMinute``).
struct LoginsPerMinuteReached: Error {
    /// Seconds until the oldest of those logins is a minute old, and one more may succeed.
    let retryAfter: Int

    /// - Parameters:
    ///   - oldest: when the oldest session of the minute was made, in Unix seconds.
    ///   - now: the time of the refused login.
    init(oldest: Int64, now: Date) {
        retryAfter = max(1, Int(oldest + 60 - now.unixSeconds))
    }
}
