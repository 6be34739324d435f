/// What a user sent that the server has not taken yet, kept until it has: a comment posted while
/// the server could not be reached waits here, across restarts when the outbox is on a file, and
/// is sent when the server is back.
///
/// Entries keep the order they were added in. An entry is removed only once the server answered
/// it (or the user gave it up), so nothing is lost to a crash between sending and removing; its
/// id (a client-chosen one the server recognises) makes sending it twice harmless.
public protocol Outbox<Entry>: Sendable {
    associatedtype Entry: Codable & Identifiable & Sendable where Entry.ID: Codable & Sendable

    /// Keeps `entry` after the ones already kept; an entry with the same id is updated in place.
    /// Throws when it cannot be kept (the outbox's file cannot be written): the caller must then
    /// keep what the user wrote some other way.
    func add(_ entry: Entry) async throws
    /// Every kept entry, oldest first.
    func entries() async -> [Entry]
    /// Forgets one entry: the server answered it, or the user gave it up.
    func remove(id: Entry.ID) async
}
