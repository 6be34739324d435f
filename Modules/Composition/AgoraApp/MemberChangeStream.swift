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
///
/// Followed only while watched, it is open while the host says someone watches (a page open in
/// a browser) and for `linger` after, so going from one page to the next keeps it.
@MainActor
final class MemberChangeStream {
    /// Writes one change of the session's member into the caches; `true` when it was news there.
    typealias Write = @Sendable (MemberChange, Session) async -> Bool

    private let source: any MemberChangesFollowing
    private let write: Write
    /// Whether the stream is open only while watched (``setWatched(_:)``).
    private let whileWatched: Bool
    private let linger: Duration
    /// The session now, whether followed or not.
    private var session: Session?
    /// Whether the host says someone watches, or said so less than `linger` ago.
    private var isWatched = false
    /// Ends the watching `linger` after the host said nobody watches any more.
    private var lingering: Task<Void, Never>?
    /// The session followed now.
    private var followed: Session?
    /// The session followed last, now or before nobody watched.
    private var lastFollowed: Session?
    private var sessionObservation: OutputObservation?
    private var applied: (@Sendable (MemberChange) -> Void)?
    /// The task that reads the stream; in a mutex rather than on the main actor, so that the
    /// stream is let go of when the app is (deinit runs on no actor).
    private let reading = Mutex<Task<Void, Never>?>(nil)

    /// - Parameters:
    ///   - whileWatched: whether the stream is open only while the host says someone watches.
    ///   - linger: how long it stays open after nobody watches any more.
    init(source: any MemberChangesFollowing, sessions: SessionStore, whileWatched: Bool = false, linger: Duration = .seconds(10), write: @escaping Write) {
        self.source = source
        self.write = write
        self.whileWatched = whileWatched
        self.linger = linger
        sessionObservation = sessions.session.observe { [weak self] session in
            self?.session = session
            self?.followIfWanted()
        }
    }

    deinit {
        reading.withLock { $0?.cancel() }
        lingering?.cancel()
    }

    /// Says whether someone watches now; for a stream followed only while watched, opens it or,
    /// `linger` later, lets it go.
    func setWatched(_ watched: Bool) {
        guard whileWatched else { return }
        if watched {
            lingering?.cancel()
            lingering = nil
            isWatched = true
            followIfWanted()
        } else if isWatched, lingering == nil {
            lingering = Task { [weak self, linger] in
                try? await Task.sleep(for: linger)
                guard !Task.isCancelled, let self else { return }
                self.lingering = nil
                self.isWatched = false
                self.followIfWanted()
            }
        }
    }

    private func followIfWanted() {
        follow(!whileWatched || isWatched ? session : nil)
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
        // The same session again, after nobody watched: what changed meanwhile was not told.
        let resumes = session == lastFollowed
        lastFollowed = session
        // Opened now, so that nothing said from the login on is missed.
        let changes = source.changes(signedInWith: session.token)
        let task = Task { [write, weak self] in
            if resumes, await write(.missedSome, session) { self?.applied?(.missedSome) }
            for await change in changes where await write(change, session) {
                self?.applied?(change)
            }
        }
        reading.withLock { $0 = task }
    }
}
