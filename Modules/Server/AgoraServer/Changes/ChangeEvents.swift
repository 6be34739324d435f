import AgoraContract
import Foundation

/// How a change is written for the streams that follow it: one server-sent event, with the
/// change's id, whose data is what the change is about as the store has it when it is sent.
struct ChangeEvents: Sendable {
    let store: any ServerStore

    /// `event: reset` with the id of the latest change read: load what the stream is about
    /// again, and resume from here.
    static func reset(at id: Int64) -> String {
        "id: \(id)\nevent: reset\ndata: {}\n\n"
    }

    /// The server-sent event of `change`: the comment, its deletion or the event as a stranger
    /// sees it; for a member, the event as they see it, or the entry that came into or left
    /// their feed; with the change's id. `nil` when what it is about is gone (a comment deleted
    /// since, whose deletion follows), and for a session's end, which is not sent.
    func text(of change: EventChange) async throws -> String? {
        let data: Data
        switch change.kind {
        case .rsvp:
            guard let event = try await store.event(id: change.subjectID, viewerID: change.memberID) else { return nil }
            data = try Self.encoder.encode(event)
        case .activity:
            guard let activity = try await store.activity(id: change.subjectID) else { return nil }
            data = try Self.encoder.encode(activity)
        case .activityDeleted:
            data = Data(#"{"id":\#(change.subjectID)}"#.utf8)
        case .sessionEnded:
            return nil
        case .comment:
            guard let comment = try await store.comment(id: change.subjectID) else { return nil }
            data = try Self.encoder.encode(comment)
        case .commentDeleted:
            data = Data(#"{"id":\#(change.subjectID)}"#.utf8)
        case .event:
            guard let event = try await store.event(id: change.subjectID, viewerID: nil) else { return nil }
            data = try Self.encoder.encode(event)
        }
        return "id: \(change.id)\nevent: \(change.kind.rawValue)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
    }

    /// JSON as the API writes it: ISO 8601 times, keys in a stable order.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
