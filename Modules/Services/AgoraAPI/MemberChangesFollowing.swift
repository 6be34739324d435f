import AgoraModels

/// Hears of what concerns the signed-in member alone as it happens: their answers from their
/// other devices, entries coming into and leaving their feed. Live mode follows agora-server's
/// stream of the member's changes, OSS mode the mock backend's.
///
/// A separate protocol from ``ServiceType``, as ``EventChangesFollowing`` is: following is a
/// subscription the app holds while someone is logged in, not a request a feature makes.
public protocol MemberChangesFollowing: Sendable {
    /// The changes that concern the holder of `token` from now on, for as long as the stream is
    /// iterated: the task that iterates it ending (or being cancelled) lets go of everything it
    /// holds.
    ///
    /// A connection that drops is opened again by itself, asking for what it missed. The stream
    /// finishes when the session ends (logged out anywhere, expired) or the token is refused.
    func changes(signedInWith token: AccessToken) -> AsyncStream<MemberChange>
}
