import AgoraApp
import AgoraArchitecture
import AgoraWebUI
import Foundation

/// What a browser session is, apart from the composition that serves it: its tokens, who is
/// logged in, what waits for the server, and the pages open with what each left unfinished.
///
/// A record is small (a few hundred bytes); a composition (container, cache, ViewModels, pages)
/// is hundreds of kilobytes. So ``WebSessions`` keeps many records and few compositions, and
/// makes a session's composition again from its record (``WebSession/init(record:configuration:views:)``)
/// whenever the one it had was let go: letting one go costs its visitor the time of a rebuild,
/// never a login, a pending two-factor step or a queued comment.
@MainActor
final class WebSessionRecord {
    /// The cookie's value: 32 random bytes, hex; a new one at every login and logout
    /// (``reissueTokens()``), so an id planted before a login is dead after it.
    private(set) var id = SessionToken.make()
    /// What every form posts back in its `csrf` field; new with the id.
    private(set) var csrfToken = SessionToken.make()
    /// The address of the visitor the session was made for (the peer, or what a trusted proxy
    /// forwarded): how many sessions one address holds is bounded.
    let address: String
    /// The browser's device id, sent with its logins: the device cookie's, or the one
    /// agora-server issued at this session's login, which becomes the cookie; `nil` before any.
    var deviceID: String?
    /// The member logged in, kept here by the composition's session store.
    let login = InMemorySessionPersistence()
    /// What the member sent that agora-server has not taken yet.
    let outboxes = SessionOutboxes()
    /// The pages on the stack, bottom first, as the last request left them.
    var pages: [WebPageRecord] = []
    /// Whether the visitor has sent anything (a form, a login, the explorer): a session that only
    /// read is the first to make way for a new one.
    var hasActed = false
    /// What the action that opened the login waits for ("Log in to post your comment.").
    var loginReason: String?
    /// Whether the explorer's panel is open.
    var isExplorerOpen = false
    /// When a request last used the session; an idle session expires.
    var lastUsed: ContinuousClock.Instant
    /// The version of the stored record this one was saved as or made from (``StoredWebSession``).
    var version = 0

    init(address: String, now: ContinuousClock.Instant) {
        self.address = address
        lastUsed = now
    }

    /// Whether a member is logged in.
    var isLoggedIn: Bool { login.load() != nil }

    /// The record made from what a store kept.
    ///
    /// - Throws: `DecodingError` when the stored outboxes cannot be read.
    init(stored: StoredWebSession, now: ContinuousClock.Instant) throws {
        id = stored.id
        csrfToken = stored.csrfToken
        address = stored.address
        deviceID = stored.deviceID
        if let session = stored.login { login.save(session) }
        try outboxes.restore(encoded: stored.outboxes)
        pages = stored.pages.compactMap { page in WebPath.route(page.path).map { WebPageRecord(route: $0, state: page.state) } }
        hasActed = stored.hasActed
        loginReason = stored.loginReason
        isExplorerOpen = stored.isExplorerOpen
        lastUsed = now
        version = stored.version
    }

    /// The record as a store keeps it, as version `version`.
    ///
    /// - Throws: `EncodingError` when the outboxes cannot be written.
    func stored(as version: Int) throws -> StoredWebSession {
        StoredWebSession(
            id: id, csrfToken: csrfToken, address: address, deviceID: deviceID, login: login.load(), outboxes: try outboxes.encoded(),
            pages: pages.map { StoredWebSession.Page(path: WebPath.of($0.route), state: $0.state) }, hasActed: hasActed,
            loginReason: loginReason, isExplorerOpen: isExplorerOpen, lastUsed: Date(), version: version)
    }

    /// A new id and form token: the session changed hands (a login, a logout), so the old id
    /// must open nothing.
    func reissueTokens() {
        id = SessionToken.make()
        csrfToken = SessionToken.make()
    }
}

/// One page of a session's stack: its route, and what its ViewModel left unfinished
/// (``StateRestoring``), as JSON.
struct WebPageRecord: Equatable {
    let route: Route
    let state: Data?
}

extension Sequence<WebSessionRecord> {
    /// The session that can best make way for a new one: the least recently used that only read
    /// pages, else that of a visitor who is not logged in, else the least recently used member's.
    @MainActor var leastValuable: WebSessionRecord? {
        var reader: WebSessionRecord?
        var visitor: WebSessionRecord?
        var member: WebSessionRecord?
        func older(_ record: WebSessionRecord, than kept: WebSessionRecord?) -> Bool {
            kept.map { record.lastUsed < $0.lastUsed } ?? true
        }
        for record in self {
            if record.isLoggedIn {
                if older(record, than: member) { member = record }
            } else if !record.hasActed {
                if older(record, than: reader) { reader = record }
            } else if older(record, than: visitor) {
                visitor = record
            }
        }
        return reader ?? visitor ?? member
    }
}
