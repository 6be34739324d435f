import AgoraContract
import Foundation

/// The server's data: every query and write the API needs, each in one transaction.
///
/// Two stores implement it: ``SQLiteStore``, embedded (a file, or memory), and ``PostgresStore``,
/// which several server processes can share. The routes see only this protocol, so both answer
/// every request the same way.
protocol ServerStore: Sendable {
    // MARK: Accounts and sessions

    /// The account with this (lowercased) email, or `nil`.
    func account(email: String) async throws -> Account?
    /// Stores a new session, and forgets the sessions that have expired meanwhile and, past
    /// `limit` sessions of the account, its oldest: one account logged in without end holds
    /// `limit` sessions, never more. Only the token's digest is stored (``TokenDigest``): the
    /// database never holds a usable token.
    ///
    /// - Throws: ``LoginsPerMinuteReached`` when the account already has `perMinute` sessions
    ///   created in the minute before `now`, counted in the same transaction as the insert, so
    ///   logins at once on any server never pass it.
    func insertSession(token: String, userID: Int64, now: Date, expiresAt: Date, keepingAtMost limit: Int, atMostPerMinute perMinute: Int) async throws
    /// The session whose token has this digest (``TokenDigest``), expired or not; `nil` when
    /// there is none (never issued, or ended).
    func session(tokenDigest: String) async throws -> StoredSession?
    /// Ends a session: its token stops working at once.
    func deleteSession(token: String) async throws

    // MARK: Two-factor challenges

    /// Stores a new challenge, and forgets the challenges that have expired meanwhile.
    func insertChallenge(id: String, userID: Int64, code: String, now: Date, expiresAt: Date) async throws
    /// The email of the account a challenge belongs to, or `nil` when there is no such challenge.
    func challengeEmail(id: String) async throws -> String?
    /// The user whose challenge this code answers; the challenge is used up. A wrong code
    /// counts against the challenge, an unknown or expired challenge is refused the same way.
    func answerChallenge(id: String, code: String, now: Date) async throws -> Components.Schemas.User
    /// Gives a live challenge a new lifetime, as sending its code again does; `false` when
    /// there is no such challenge (or it expired).
    func renewChallenge(id: String, now: Date, expiresAt: Date) async throws -> Bool

    // MARK: Known devices

    /// Whether `device` has logged in to the account with `email` before.
    func isKnownDevice(_ device: DeviceID, email: String) async throws -> Bool
    /// Remembers that `device` logged in to the account of `userID` at `now`.
    func rememberDevice(_ device: DeviceID, userID: Int64, now: Date) async throws

    // MARK: Events, comments, activities

    /// Events soonest first, after `keyset`; `isGoing` is the viewer's answer (`false` without one).
    /// `onlyGoing` keeps the events the viewer is going to, those they host included.
    func eventsPage(after keyset: Keyset?, limit: Int, viewerID: Int64?, onlyGoing: Bool) async throws -> Components.Schemas.EventsPage
    /// One event, or `nil` when there is no such event.
    func event(id: Int64, viewerID: Int64?) async throws -> Components.Schemas.Event?
    /// Records whether `userID` is going and keeps the event's count and the host's feed in step:
    /// going adds an `rsvped` activity to the host's feed; cancelling removes it.
    func setRSVP(eventID: Int64, userID: Int64, going: Bool, now: Date) async throws -> Components.Schemas.Event
    /// A page of an event's comments, newest first; 404 when there is no such event.
    func commentsPage(eventID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.CommentsPage
    /// Posts a comment: counts it on the event and tells every other attendee in their feed.
    /// A `clientID` the author used before answers that earlier comment instead.
    func postComment(eventID: Int64, authorID: Int64, body: String, clientID: String?, now: Date) async throws -> CommentPostOutcome
    /// Deletes one of `userID`'s comments, with the feed entries it caused: 404 when there is
    /// no such comment, 403 when it is someone else's.
    func deleteComment(id: Int64, userID: Int64) async throws
    /// A page of `userID`'s feed, newest first, after `keyset`.
    func activitiesPage(userID: Int64, after keyset: Keyset?, limit: Int) async throws -> Components.Schemas.ActivitiesPage

    // MARK: Changes

    /// The id of the latest change recorded (0 when none): a stream that starts now follows
    /// the changes after it.
    func latestChangeID() async throws -> Int64
    /// The changes of every event after `id`, oldest first, at most `limit`.
    func changes(after id: Int64, limit: Int) async throws -> [EventChange]
    /// The changes of `topic` after `id`, oldest first, at most `limit`, and whether some after
    /// `id` are no longer kept.
    func changes(of topic: ChangeTopic, after id: Int64, limit: Int) async throws -> EventChangeBacklog
    /// One comment, or `nil` when there is none (it was deleted since).
    func comment(id: Int64) async throws -> Components.Schemas.Comment?
    /// One entry of a feed, or `nil` when there is none (it left the feed since).
    func activity(id: Int64) async throws -> Components.Schemas.Activity?

    // MARK: Operation

    /// A number that changes whenever a write commits, in this process or (for a shared store)
    /// any other: ``ReadCache`` serves a copy only while the number it was made at is current.
    func generation() async throws -> UInt64
    /// Runs the cheapest query that still needs the database; throws when it does not answer.
    func checkAnswers() async throws
    /// Writes the demo data when the store has no account yet; `nil` when it already had data
    /// (a restart keeps what users did).
    func seedIfEmpty(_ seeder: DemoSeeder) async throws -> DemoSeeder.Summary?
}

extension ServerStore {
    /// How many wrong codes end a two-factor challenge: guessing six digits needs a new login
    /// (and its bcrypt check) every few tries.
    static var twoFactorAttempts: Int { 5 }
    /// The longest excerpt of a comment an activity carries.
    static var excerptLength: Int { 80 }
    /// How many devices an account keeps as known; a login from one more forgets the one that
    /// logged in longest ago, so the table stays small whoever logs in how often.
    static var knownDevicesPerAccount: Int { 50 }
}

/// An account as the login needs it.
struct Account: Sendable {
    let user: Components.Schemas.User
    let passwordHash: String
    let requiresTwoFactor: Bool
}

/// What ``ServerStore/postComment(eventID:authorID:body:clientID:now:)`` did.
enum CommentPostOutcome: Sendable {
    case created(Components.Schemas.Comment)
    /// The author posted this `clientID` before: the comment that post created.
    case existing(Components.Schemas.Comment)
}
