import AgoraAPI
import AgoraContract
import AgoraModels
import Foundation

/// Live mode's ``MemberChangesFollowing``: agora-server's stream of what concerns the signed-in
/// member (`GET /v1/me/changes`, server-sent events), opened again with `Last-Event-ID` whenever
/// it drops.
///
/// The stream holds one connection (``ServerSentFollowing``) for as long as it is iterated, and
/// finishes when the server ends it with the session (`event: ended`) or refuses the token.
/// Unlike an event's stream, one opened from now tells nothing of what came before: the
/// member's feed and answers are loaded by the screens that show them.
public struct LiveMemberChanges: MemberChangesFollowing {
    /// The most changes held for a follower that has not taken them yet.
    static let buffered = 1_000

    let baseURL: URL
    let origin: RequestOrigin?
    /// How long a connection may be quiet before it is taken for dead: the server sends a
    /// heartbeat every 15 s.
    let idleTimeout: Duration
    /// How long to wait after the first failure before connecting again; it doubles after each
    /// failure, up to 30 s.
    let retryDelay: Duration

    /// - Parameters:
    ///   - baseURL: agora-server's address, e.g. `http://127.0.0.1:8080`.
    ///   - origin: on whose behalf the stream is opened (a proxied visitor), if anyone's.
    ///   - idleTimeout: how long a stream may be quiet before its connection is taken for dead.
    ///   - retryDelay: the first wait before connecting again after a failure.
    public init(baseURL: URL, origin: RequestOrigin? = nil, idleTimeout: Duration = .seconds(45), retryDelay: Duration = .milliseconds(500)) {
        self.baseURL = baseURL
        self.origin = origin
        self.idleTimeout = idleTimeout
        self.retryDelay = retryDelay
    }

    public func changes(signedInWith token: AccessToken) -> AsyncStream<MemberChange> {
        let (changes, continuation) = AsyncStream.makeStream(of: MemberChange.self, bufferingPolicy: .bufferingOldest(Self.buffered))
        // A session that ended (`event: ended`) needs a new login; an address past its streams
        // loses its oldest (`event: replaced`): asking again changes nothing.
        ServerSentFollowing.start(
            url: baseURL.appending(path: "v1/me/changes").absoluteString, headerLines: ["Authorization: Bearer \(token.rawValue)"],
            origin: origin, idleTimeout: idleTimeout, retryDelay: retryDelay, tellsWhatCameBefore: false, finalEvents: ["ended", "replaced"],
            missedSome: .missedSome, change: MemberChangeEvents.change(of:), into: continuation)
        return changes
    }
}

/// How the member's stream tells their changes.
private enum MemberChangeEvents {
    /// The change an event of the stream tells, or `nil` for one this client does not know.
    static func change(of event: ServerSentEvent) -> MemberChange? {
        switch event.name {
        case "rsvp": event.decodedData(as: Components.Schemas.Event.self).map { .answered(Event($0)) }
        case "activity": event.decodedData(as: Components.Schemas.Activity.self).map { .feedEntryAdded(Activity($0)) }
        case "activity-deleted": event.decodedData(as: DeletedActivity.self).map { .feedEntryRemoved($0.id) }
        case "reset": .missedSome
        default: nil
        }
    }

    private struct DeletedActivity: Decodable {
        let id: Activity.ID
    }
}
