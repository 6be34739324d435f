import AgoraArchitecture
import AgoraMocks
import Clocks
import Foundation

extension AgoraEnvironment {
    /// 1 December 2026, 00:00 UTC: the "today" of every test, so dates in output never change.
    public static let testReferenceDate = Date(timeIntervalSince1970: 1_796_083_200)

    /// A fixed place and time: US English, UTC, `now` at ``testReferenceDate``, and a clock on
    /// which sleeps end at once.
    public static func test(
        locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        clock: any Clock<Duration> = ImmediateClock()
    ) -> AgoraEnvironment {
        AgoraEnvironment(clock: clock, now: { testReferenceDate }, locale: locale, timeZone: timeZone)
    }
}

extension MockData {
    /// The fixture data as of ``AgoraEnvironment/testReferenceDate``.
    public static let test = MockData(referenceDate: AgoraEnvironment.testReferenceDate)
}
