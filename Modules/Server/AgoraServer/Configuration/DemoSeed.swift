import AgoraMocks
import Foundation

/// The demo world of OSS mode, written into an empty database: the six accounts of
/// `MockData` (password `MockData.demoPassword`; Bob also needs `MockData.twoFactorCode`), its
/// 60 events, their comments, RSVPs and every member's activity feed.
///
/// Only an empty database is seeded: a server restarted on the same file keeps what users did.
public struct DemoSeed: Sendable, Hashable {
    /// The day the data is computed from (midnight UTC); today by default, as in OSS mode.
    public var referenceDate: Date
    /// How many comments `MockData.busiestEventID` (event 1) gets: 1,200 as in OSS mode, or a
    /// million for a pagination benchmark.
    public var busiestEventComments: Int

    public init(referenceDate: Date = MockData.startOfToday(), busiestEventComments: Int = 1_200) {
        self.referenceDate = referenceDate
        self.busiestEventComments = busiestEventComments
    }
}
