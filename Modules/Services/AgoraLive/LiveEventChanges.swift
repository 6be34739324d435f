import AgoraAPI
import AgoraContract
import AgoraModels
import Foundation

/// Live mode's ``EventChangesFollowing``: agora-server's stream of an event's changes
/// (`GET /v1/events/{id}/changes`, server-sent events), opened again with `Last-Event-ID`
/// whenever it drops, so no change is missed while the server keeps it.
///
/// Each followed event holds one connection (``ServerSentFollowing``) for as long as the stream
/// is iterated. The server says when changes were missed (`event: reset`), which arrives as
/// ``EventChange/missedSome``; so does a follower too slow to take what arrives, rather than the
/// stream holding an unbounded backlog, and a stream opened from now (with nothing to resume
/// from), for what changed before it was open.
public struct LiveEventChanges: EventChangesFollowing {
    /// The most changes held for a follower that has not taken them yet.
    static let buffered = 1_000

    let baseURL: URL
    let origin: RequestOrigin?
    /// How long a connection may be quiet before it is taken for dead: the server sends a
    /// heartbeat every 15 s.
    let idleTimeout: Duration
    /// How long to wait after the first failure before connecting again (four times as long
    /// after a stream that was open ends); it doubles after each failure, up to 30 s, and each
    /// wait is spread over up to half as much again.
    let retryDelay: Duration

    /// - Parameters:
    ///   - baseURL: agora-server's address, e.g. `http://127.0.0.1:8080`.
    ///   - origin: on whose behalf the streams are opened (a proxied visitor), if anyone's.
    ///   - idleTimeout: how long a stream may be quiet before its connection is taken for dead.
    ///   - retryDelay: the first wait before connecting again after a failure.
    public init(baseURL: URL, origin: RequestOrigin? = nil, idleTimeout: Duration = .seconds(45), retryDelay: Duration = .milliseconds(500)) {
        self.baseURL = baseURL
        self.origin = origin
        self.idleTimeout = idleTimeout
        self.retryDelay = retryDelay
    }

    public func changes(of eventID: Event.ID) -> AsyncStream<EventChange> {
        let (changes, continuation) = AsyncStream.makeStream(of: EventChange.self, bufferingPolicy: .bufferingOldest(Self.buffered))
        // An address that opened more streams than the server lets it hold loses its oldest
        // (`event: replaced`): opening it again would only end another.
        ServerSentFollowing.start(
            url: baseURL.appending(path: "v1/events/\(eventID)/changes").absoluteString, origin: origin, idleTimeout: idleTimeout,
            retryDelay: retryDelay, tellsWhatCameBefore: true, finalEvents: ["replaced"], missedSome: .missedSome,
            change: EventChangeEvents.change(of:), into: continuation)
        return changes
    }
}

/// How an event's stream tells its changes.
private enum EventChangeEvents {
    /// The change an event of the stream tells, or `nil` for one this client does not know.
    static func change(of event: ServerSentEvent) -> EventChange? {
        switch event.name {
        case "comment": event.decodedData(as: Components.Schemas.Comment.self).map { .commentPosted(Comment($0)) }
        case "comment-deleted": event.decodedData(as: DeletedComment.self).map { .commentDeleted($0.id) }
        case "event": event.decodedData(as: Components.Schemas.Event.self).map { .eventChanged(Event($0)) }
        case "reset": .missedSome
        default: nil
        }
    }

    private struct DeletedComment: Decodable {
        let id: Comment.ID
    }
}
