import AgoraModels
import Foundation

/// Generates a member's activity feed from the events and comments: the newest comments by others
/// on events they attend, RSVPs to events they host, and events they attend that start within a
/// week.
enum MockActivities {
    /// Comments per attended event that reach the feed.
    static let commentsPerEvent = 3
    /// RSVPs per hosted event that reach the feed.
    static let rsvpsPerEvent = 2
    /// How far ahead "starting soon" looks.
    static let soonWindow: TimeInterval = 7 * 86_400

    static let rsvpIDBase = 20_000_000_000_000
    static let soonIDBase = 30_000_000_000_000

    static func feed(for user: User, in data: MockData) -> [Activity] {
        var feed: [Activity] = []
        for event in data.events where data.attends(userID: user.id, eventID: event.id) {
            feed += commentEntries(of: event, for: user, in: data)
            if event.startsAt > data.referenceDate, event.startsAt.timeIntervalSince(data.referenceDate) <= soonWindow {
                feed.append(
                    Activity(
                        id: soonIDBase + event.id, kind: .startingSoon, occurredAt: data.referenceDate,
                        eventID: event.id, eventTitle: event.title, startsAt: event.startsAt
                    ))
            }
        }
        for event in data.events where event.hostID == user.id {
            let guests = MockUsers.active.filter { $0.id != user.id }
            for number in 0..<rsvpsPerEvent {
                let guest = guests[(event.id + number) % guests.count]
                let hoursAgo = (event.id * 5 + number * 3) % 200 + 1
                feed.append(
                    Activity(
                        id: rsvpIDBase + event.id * 10 + number, kind: .rsvped,
                        occurredAt: data.referenceDate.addingTimeInterval(-Double(hoursAgo * 3_600)),
                        eventID: event.id, eventTitle: event.title, actor: Author(guest)
                    ))
            }
        }
        return feed.sorted { key($0) > key($1) }
    }

    /// The fixture's entries for the newest comments of others on an event the member attends
    /// and does not host.
    static func commentEntries(of event: Event, for user: User, in data: MockData) -> [Activity] {
        guard event.hostID != user.id, data.attends(userID: user.id, eventID: event.id) else { return [] }
        return (0..<min(data.commentCount(eventID: event.id), 20))
            .lazy
            .map { data.comment(eventID: event.id, index: $0) }
            .filter { $0.author.id != user.id }
            .prefix(commentsPerEvent)
            .map { entry(for: $0, on: event) }
    }

    /// The entry a comment makes in the feed of a member who goes to its event.
    static func entry(for comment: Comment, on event: Event) -> Activity {
        Activity(
            id: comment.id, kind: .commented, occurredAt: comment.createdAt, eventID: event.id,
            eventTitle: event.title, actor: comment.author, commentID: comment.id, excerpt: String(comment.body.prefix(80))
        )
    }

    static func key(_ activity: Activity) -> KeysetCursor {
        KeysetCursor(tag: "a", date: activity.occurredAt, id: activity.id)
    }
}
