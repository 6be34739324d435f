import NIOCore
import Synchronization

/// The connections a server has open and which of them are idle, so that when every slot is
/// taken the one idle the longest can be closed for a newcomer (``IdleFirstConnectionLimit``).
///
/// At the limit, a connection that becomes idle (its response sent) is closed at once too: the
/// listener stops accepting at the limit, so a newcomer waiting in the backlog would otherwise
/// wait for an idle timeout whenever the limit was reached while every connection was busy.
///
/// A connection is idle from when it opens until the head of its first request arrives, and
/// again from when each response has been sent until the next head: a keep-alive connection
/// between requests, or one that has not asked for anything. Closing it then loses nothing a
/// client was promised; RFC 9112 §9.5 lets a server close an idle connection at any time, and a
/// client retries a request that met such a close.
public final class OpenConnections: Sendable {
    private struct Entry {
        let channel: any Channel
        /// When it became idle; `nil` while a request is being read or answered.
        var idleSince: NIODeadline?
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    /// The most connections the server keeps open.
    public let limit: Int

    /// An empty set of connections, for a server that keeps at most `limit` open.
    public init(limit: Int) {
        self.limit = limit
    }

    /// How many connections are open.
    public var count: Int { entries.withLock { $0.count } }

    /// How many of them are idle.
    public var idleCount: Int { entries.withLock { $0.values.count { $0.idleSince != nil } } }

    func opened(_ channel: any Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: .now()) }
    }

    func becameBusy(_ channel: any Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)]?.idleSince = nil }
    }

    /// Called once a response has been sent in full; at the limit, closes the connection idle
    /// the longest (this one, unless another has waited longer).
    func becameIdle(_ channel: any Channel) {
        let atLimit = entries.withLock { entries in
            entries[ObjectIdentifier(channel)]?.idleSince = .now()
            return entries.count >= limit
        }
        if atLimit { closeLongestIdle() }
    }

    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes the connection that has been idle the longest; `false` when none is idle.
    ///
    /// It is forgotten at once, so a second call picks another one even before the first has
    /// finished closing.
    @discardableResult
    public func closeLongestIdle() -> Bool {
        let longest: (any Channel)? = entries.withLock { entries in
            guard let (key, entry) = entries.filter({ $0.value.idleSince != nil }).min(by: { $0.value.idleSince! < $1.value.idleSince! }) else {
                return nil
            }
            entries[key] = nil
            return entry.channel
        }
        longest?.close(promise: nil)
        return longest != nil
    }
}
