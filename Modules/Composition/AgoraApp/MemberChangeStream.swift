import AgoraAPI
import AgoraArchitecture
import AgoraModels
import Synchronization

/// What concerns the logged-in member alone (their answers from other devices, their feed),
/// followed while someone is logged in and written into the caches the screens follow.
///
/// One stream for the session: opened when a session begins (or is restored), let go of when it
/// ends or another begins; the source finishes it when the server ends the session. As with
/// ``EventChangeStreams``, the host hears only of news, once it is in the cache.
@MainActor
final class MemberChangeStream {
    /// Writes one change of the user's into the caches; `true` when it was news there.
    typealias Write = @Sendable (MemberChange, User) async -> Bool

    private let source: any MemberChangesFollowing
    private let write: Write
    /// The session followed now.
    private var followed: Session?
    private var sessionObservation: OutputObservation?
    private var applied: (@Sendable (MemberChange) -> Void)?
    /// The task that reads the stream; in a mutex rather than on the main actor, so that the
    /// stream is let go of when the app is (deinit runs on no actor).
    private let reading = Mutex<Task<Void, Never>?>(nil)

    init(source: any MemberChangesFollowing, sessions: SessionStore, write: @escaping Write) {
        self.source = source
        self.write = write
        sessionObservation = sessions.session.observe { [weak self] session in self?.follow(session) }
    }

    deinit {
        reading.withLock { $0?.cancel() }
    }

    /// Called with each change that was news once it is in the cache; replaces the one before.
    func onChangeApplied(_ applied: @escaping @Sendable (MemberChange) -> Void) {
        self.applied = applied
    }

    private func follow(_ session: Session?) {
        guard session != followed else { return }
        followed = session
        reading.withLock { reading in
            reading?.cancel()
            reading = nil
        }
        guard let session else { return }
        // Opened now, so that nothing said from the login on is missed.
        let changes = source.changes(signedInWith: session.token)
        let task = Task { [write, weak self] in
            for await change in changes where await write(change, session.user) {
                self?.applied?(change)
            }
        }
        reading.withLock { $0 = task }
    }
}
