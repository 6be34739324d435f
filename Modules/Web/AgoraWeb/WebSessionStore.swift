import Foundation

/// Where browser sessions' records are kept when several agora-web processes serve them: any
/// process serves any visitor, and one that stops (even by SIGKILL) costs its visitors only the
/// time of a rebuild elsewhere.
///
/// ``WebSessions`` keeps a copy of each record it serves and asks the store before every request
/// whether another process saved a newer one (``version(of:)``); it saves the record after every
/// request. The store bounds the records, as ``WebSessions`` does without one.
///
/// A save never replaces a newer version of a record with an older one: two saves of one
/// session that cross on the way keep the later.
public protocol WebSessionStore: Sendable {
    /// The version of the record `id`, `nil` when there is none (it ended, or never was).
    func version(of id: String) async throws -> Int?
    /// The record `id`, `nil` when there is none.
    func load(_ id: String) async throws -> StoredWebSession?
    /// Keeps `session`, replacing the record of its id.
    func save(_ session: StoredWebSession) async throws
    /// Forgets the record `id`: the session ended.
    func remove(_ id: String) async throws
    /// Before a new session from `address`: when it or everyone holds as many records as they
    /// may, ends the least valuable (one that only read, else a visitor's who is not logged in,
    /// else a member's; the least recently used of them). Returns the ids ended.
    func makeRoom(for address: String, maximumPerAddress: Int, maximumCount: Int) async throws -> [String]
    /// Ends the sessions no request used since `cutoff`; returns their ids.
    func removeIdle(since cutoff: Date) async throws -> [String]
}
