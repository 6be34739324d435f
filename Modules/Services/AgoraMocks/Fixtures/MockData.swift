import AgoraAPI
import AgoraModels
import Foundation

/// The deterministic world OSS mode shows: users and upcoming events.
///
/// Everything is computed from `referenceDate` (by default the start of today, UTC), so the same
/// day always gives the same data, and a test that fixes the date gets byte-identical output.
public struct MockData: Sendable {
    public let referenceDate: Date
    public let users: [User]
    /// Upcoming events in list order: by start time, then id.
    public let events: [Event]

    public init(referenceDate: Date = MockData.startOfToday(), eventCount: Int = 60) {
        self.referenceDate = referenceDate
        self.users = MockUsers.all
        self.events = MockEvents.make(count: eventCount, after: referenceDate, hosts: MockUsers.all)
    }

    /// Midnight UTC of the current day: the default reference, stable for a whole day.
    public static func startOfToday(now: Date = Date()) -> Date {
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: seconds - seconds.truncatingRemainder(dividingBy: 86_400))
    }

    public func event(id: Event.ID) -> Event? {
        events.first { $0.id == id }
    }

    /// A page of ``events`` after the keyset `cursor` (see ``EventsCursor``).
    public func eventsPage(after cursor: String?, limit: Int) throws(ServiceError) -> Page<Event> {
        guard (1...100).contains(limit) else {
            throw .invalidInput(field: "limit", reason: "expected 1...100, got \(limit)")
        }
        var remaining = events[...]
        if let cursor {
            guard let key = EventsCursor(cursor) else {
                throw .invalidInput(field: "cursor", reason: "not a cursor this server issued")
            }
            remaining = remaining.drop { !key.precedes($0) }
        }
        let items = Array(remaining.prefix(limit))
        let next = remaining.count > limit ? items.last.map { EventsCursor(after: $0).description } : nil
        return Page(items: items, nextCursor: next)
    }
}
