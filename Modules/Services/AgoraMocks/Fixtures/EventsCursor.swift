import AgoraModels
import Foundation

/// The keyset the mock uses to continue an events list: start time and id of the last event
/// seen, written `e.<unix seconds>.<id>`. A keyset, not an offset, so inserts before the cursor
/// do not shift the next page.
struct EventsCursor: CustomStringConvertible {
    let startsAt: Int
    let id: Event.ID

    init(after event: Event) {
        startsAt = Int(event.startsAt.timeIntervalSince1970)
        id = event.id
    }

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "e", let seconds = Int(parts[1]), let id = Int(parts[2]) else {
            return nil
        }
        startsAt = seconds
        self.id = id
    }

    var description: String { "e.\(startsAt).\(id)" }

    /// Whether `event` comes after this key in list order.
    func precedes(_ event: Event) -> Bool {
        let seconds = Int(event.startsAt.timeIntervalSince1970)
        return seconds > startsAt || (seconds == startsAt && event.id > id)
    }
}
