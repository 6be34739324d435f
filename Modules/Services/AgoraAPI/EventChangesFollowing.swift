import AgoraModels

/// Hears of changes to an event as they happen, whoever makes them: live mode follows
/// agora-server's stream of the event's changes, OSS mode the mock backend's.
///
/// A separate protocol from ``ServiceType``: following is a long-lived subscription, which the
/// app opens for what its screens show, not a request a feature makes.
public protocol EventChangesFollowing: Sendable {
    /// The changes of event `eventID` from now on, for as long as the stream is iterated: the
    /// task that iterates it ending (or being cancelled) lets go of everything it holds.
    ///
    /// A connection that drops is opened again by itself, asking for what it missed. The stream
    /// finishes only when following cannot go on: the event is gone, or the server refused.
    func changes(of eventID: Event.ID) -> AsyncStream<EventChange>
}
