import AgoraModels
import Foundation

/// Generates an event's comments from their index alone, so a thread of a million comments
/// costs nothing until a page of it is read. Index 0 is the newest comment.
enum MockComments {
    static let phrases = [
        "Looking forward to this one!",
        "Is there a livestream for people who can't make it?",
        "I'll bring my laptop. Anything to install beforehand?",
        "楽しみにしています！",
        "Last time was great, thanks to the organisers.",
        "Can I bring a friend who is new to Swift?",
        "The slides from the previous session are on the wiki.",
        "遅れて参加します。よろしくお願いします。",
        "Does anyone want to share a ride from the station?",
        "Will there be vegetarian food?",
        "I can give a five-minute lightning talk on result builders if there is a slot.",
        "+1, see you there 👋",
        """
        A longer thought for the thread: last month we split our app into twelve modules and the \
        build went from four minutes to under one for a single feature. Happy to walk anyone \
        through the manifest and the mistakes we made on the way.
        """,
    ]

    /// Seconds between two generated comments of one event.
    static let spacing = 2_400

    /// Comment ids are `event × idStride + n`, n counting from the oldest comment (1).
    static let idStride = 10_000_000

    static func comment(eventID: Event.ID, index: Int, count: Int, referenceDate: Date, authors: [User]) -> Comment {
        let number = count - index
        return Comment(
            id: id(eventID: eventID, index: index, count: count),
            eventID: eventID,
            author: Author(authors[(number * 7 + eventID) % authors.count]),
            body: phrases[(number * 11 + eventID) % phrases.count],
            createdAt: createdAt(eventID: eventID, index: index, referenceDate: referenceDate)
        )
    }

    /// The id of the comment at `index`, without making the comment.
    static func id(eventID: Event.ID, index: Int, count: Int) -> Comment.ID {
        eventID * idStride + count - index
    }

    /// When the comment at `index` was written, without making the comment.
    static func createdAt(eventID: Event.ID, index: Int, referenceDate: Date) -> Date {
        referenceDate.addingTimeInterval(-Double((index + 1) * spacing + eventID % 7 * 60))
    }
}
