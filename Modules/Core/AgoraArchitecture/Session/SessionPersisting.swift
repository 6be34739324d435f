import AgoraModels
import Synchronization

/// Where the session is kept between runs: a file only the user can read in the app, memory in
/// tests.
public protocol SessionPersisting: Sendable {
    /// The saved session; `nil` when there is none. Throws when one is there but cannot be read.
    func load() throws -> Session?
    /// Saves `session`, replacing any earlier one.
    func save(_ session: Session) throws
    /// Forgets the saved session.
    func remove() throws
}

/// A ``SessionPersisting`` that forgets everything when the process ends.
public final class InMemorySessionPersistence: SessionPersisting {
    private let stored: Mutex<Session?>

    public init(_ session: Session? = nil) {
        stored = Mutex(session)
    }

    public func load() -> Session? { stored.withLock { $0 } }
    public func save(_ session: Session) { stored.withLock { $0 = session } }
    public func remove() { stored.withLock { $0 = nil } }
}
