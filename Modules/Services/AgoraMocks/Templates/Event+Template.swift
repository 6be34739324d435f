import AgoraModels
import Foundation

extension Event {
    /// A typical event for tests: change what the test is about, keep the rest.
    ///
    ///     var event = Event.template
    ///     event.title = "Swift 勉強会"
    public static let template = Event(
        id: 1,
        title: "Swift on the Server",
        summary: "Hummingbird, Vapor and what runs in production.",
        venue: "Community Hall, Room 2",
        startsAt: Date(timeIntervalSince1970: 1_798_794_000),  // 2027-01-01 09:00 UTC
        endsAt: Date(timeIntervalSince1970: 1_798_801_200),
        hostID: User.template.id,
        attendeeCount: 42,
        commentCount: 7
    )
}
