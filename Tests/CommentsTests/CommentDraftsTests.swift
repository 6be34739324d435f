import AgoraAPI
import AgoraArchitecture
import AgoraModels
import Foundation
import Testing

@testable import Comments

/// The posting state machine as a value: each transition is a plain call, checked at once.
@Suite("Comment drafts: where each unconfirmed comment stands")
struct CommentDraftsTests {
    let date = AgoraEnvironment.testReferenceDate

    /// A comment the server took, as a post's answer carries it.
    let comment = Comment(
        id: 42, eventID: 1, author: Author(id: 1, name: "Alice Martin"), body: "Hi", createdAt: AgoraEnvironment.testReferenceDate)

    func states(_ drafts: CommentDrafts) -> [LocalComment.State] {
        drafts.all.map(\.state)
    }

    /// A comment the outbox kept.
    func queued(_ body: String, clientID: String, authorID: User.ID = 1) -> OutgoingComment {
        OutgoingComment(draft: CommentDraft(eventID: 1, body: body, clientID: clientID), writtenAt: date, authorID: authorID)
    }

    /// Drafts restored from an outbox of `bodies`, oldest first (client ids "q0", "q1", …).
    func outbox(_ bodies: [String]) -> CommentDrafts {
        var drafts = CommentDrafts()
        drafts.restoreOutbox(bodies.enumerated().map { queued($1, clientID: "q\($0)") }, viewerID: 1)
        return drafts
    }

    // MARK: Writing

    @Test("given someone logged in, when a comment is written, then it is on top, being sent; logged out, it waits for a login")
    func write() {
        var drafts = CommentDrafts()

        let first = drafts.write("One", at: date, isLoggedIn: true)
        let second = drafts.write("Two", at: date, isLoggedIn: false)

        #expect(drafts.all.map(\.id) == [second, first], "newest first")
        #expect(drafts.all.map(\.body) == ["Two", "One"])
        #expect(states(drafts) == [.waitingForLogin, .sending])
        #expect(first != second)
    }

    @Test("given a draft being sent, when discarded, then it stays; once it failed, it goes")
    func discard() {
        var drafts = CommentDrafts()
        let id = drafts.write("Oops", at: date, isLoggedIn: true)

        #expect(drafts.discard(id) == nil)
        #expect(drafts.all.count == 1)

        drafts.postEnded(id, with: .failure(.offline))
        #expect(drafts.discard(id)?.body == "Oops")
        #expect(drafts.all.isEmpty)
    }

    // MARK: A post's end

    @Test("given a draft being sent, when the server took it, then it is gone: its comment arrives by the cache")
    func posted() {
        var drafts = CommentDrafts()
        let id = drafts.write("Hi", at: date, isLoggedIn: true)

        drafts.postEnded(id, with: .success(.posted(comment)))

        #expect(drafts.all.isEmpty)
    }

    @Test("given a draft being sent, when the server refused it, then it failed with the reason, text kept")
    func refused() {
        var drafts = CommentDrafts()
        let id = drafts.write("Hi", at: date, isLoggedIn: true)
        let refusal = ServiceError.forbidden("post here")

        drafts.postEnded(id, with: .failure(refusal))

        #expect(states(drafts) == [.failed(refusal.description)])
        #expect(drafts.all[0].body == "Hi")
        #expect(!drafts.all[0].isInOutbox)
    }

    @Test("given a draft being sent, when the outbox kept it, then it is queued with the reason, in the outbox")
    func queuedPost() {
        var drafts = CommentDrafts()
        let id = drafts.write("Hi", at: date, isLoggedIn: true)

        drafts.postEnded(id, with: .success(.queued(.offline)))

        #expect(states(drafts) == [.queued(ServiceError.offline.description)])
        #expect(drafts.all[0].isInOutbox)
        #expect(drafts.outboxToSend.map(\.id) == [id])
    }

    @Test("given a draft being sent, when the session ended, then it waits for a login: in the outbox when kept there, on its own when not")
    func sessionEnded() {
        var drafts = CommentDrafts()
        let kept = drafts.write("Kept", at: date, isLoggedIn: true)
        let alone = drafts.write("Alone", at: date, isLoggedIn: true)

        drafts.postEnded(kept, with: .success(.queued(.unauthorized)))
        drafts.postEnded(alone, with: .failure(.unauthorized))

        #expect(states(drafts) == [.waitingForLogin, .waitingForLogin])
        #expect(drafts.all.map(\.isInOutbox) == [false, true])
    }

    // MARK: The outbox

    @Test("given queued comments, when restored, then each shows once, queued, newest first, and another member's do not")
    func restoreOutbox() {
        var drafts = CommentDrafts()
        let queued = [queued("One", clientID: "a"), queued("Two", clientID: "b"), queued("Bob's", clientID: "c", authorID: 2)]

        drafts.restoreOutbox(queued, viewerID: 1)
        drafts.restoreOutbox(queued, viewerID: 1)

        #expect(drafts.all.map(\.body) == ["Two", "One"])
        #expect(states(drafts) == [.queued(nil), .queued(nil)])
        #expect(drafts.all.map(\.isInOutbox) == [true, true])
    }

    @Test("given nobody logged in, when the outbox is restored, then every member's queued comment shows: they are all 'You'")
    func restoreOutboxLoggedOut() {
        var drafts = CommentDrafts()

        drafts.restoreOutbox([queued("Mine", clientID: "a"), queued("Bob's", clientID: "b", authorID: 2)], viewerID: nil)

        #expect(drafts.all.map(\.body) == ["Bob's", "Mine"])
    }

    @Test("given queued drafts, when a sending starts, then they are sending and a second sending does not start until it ends")
    func oneSendingAtATime() {
        var drafts = outbox(["One", "Two"])

        let sending = drafts.startSendingOutbox()

        #expect(sending?.count == 2)
        #expect(states(drafts) == [.sending, .sending])
        #expect(drafts.isSendingOutbox)
        #expect(drafts.outboxToSend.isEmpty)
        let second = drafts.startSendingOutbox()
        #expect(second == nil)
    }

    @Test("given nothing queued, when a sending is asked for, then none starts")
    func nothingToSend() {
        var drafts = CommentDrafts()
        _ = drafts.write("Alone", at: date, isLoggedIn: true)

        let sending = drafts.startSendingOutbox()
        #expect(sending == nil)
        #expect(!drafts.isSendingOutbox)
    }

    @Test("given a sending, when it ends, then the posted go, the refused fail out of the outbox, the rest stay queued with why it stopped")
    func sendingEnds() throws {
        var drafts = outbox(["Posted", "Refused", "Stopped"])
        let sending = drafts.startSendingOutbox()
        let sent = try #require(sending)
        let refusal = ServiceError.forbidden("comment here")
        let delivery = QueuedCommentsDelivery(posted: ["q0": comment], rejected: ["q1": refusal], stoppedBy: .timeout)

        let posted = drafts.outboxSendingEnded(sent, with: delivery)

        #expect(posted == 1)
        #expect(drafts.all.map(\.body) == ["Stopped", "Refused"])
        #expect(states(drafts) == [.queued(ServiceError.timeout.description), .failed(refusal.description)])
        #expect(drafts.all.map(\.isInOutbox) == [true, false])
        #expect(!drafts.isSendingOutbox)
        let next = drafts.startSendingOutbox()
        #expect(next != nil, "the next sending can start")
    }

    @Test("given a sending, when the session ended on the way, then what is left waits for a login")
    func sendingStoppedBySessionEnd() throws {
        var drafts = outbox(["One"])
        let sending = drafts.startSendingOutbox()
        let sent = try #require(sending)

        _ = drafts.outboxSendingEnded(sent, with: QueuedCommentsDelivery(stoppedBy: .unauthorized))

        #expect(states(drafts) == [.waitingForLogin])
        #expect(drafts.waitingForLogin.outbox)
    }

    // MARK: Waiting for a login

    @Test("given drafts waiting for a login, when it happens, then the lone ones go oldest first and the outbox's together")
    func loginSucceeded() {
        var drafts = outbox(["Queued"])
        let first = drafts.write("First", at: date, isLoggedIn: false)
        let second = drafts.write("Second", at: date, isLoggedIn: false)
        drafts.waitForLoginToSendOutbox()

        let waiting = drafts.waitingForLogin

        #expect(waiting.posts == [first, second])
        #expect(waiting.outbox)
    }

    @Test("given drafts waiting for a login, when it did not happen, then they are not sent, text kept; other drafts keep their state")
    func loginCancelled() {
        var drafts = CommentDrafts()
        let failed = drafts.write("Failed", at: date, isLoggedIn: true)
        drafts.postEnded(failed, with: .failure(.offline))
        _ = drafts.write("Waiting", at: date, isLoggedIn: false)

        drafts.loginCancelled()

        #expect(states(drafts) == [.notSent, .failed(ServiceError.offline.description)])
        #expect(drafts.waitingForLogin.posts.isEmpty)
        #expect(!drafts.waitingForLogin.outbox)
    }

    @Test("given a draft not sent, when retried logged out, then it waits for a login again")
    func waitForLoginAgain() {
        var drafts = CommentDrafts()
        let id = drafts.write("Hi", at: date, isLoggedIn: false)
        drafts.loginCancelled()

        drafts.waitForLogin(id)

        #expect(states(drafts) == [.waitingForLogin])
        #expect(drafts.waitingForLogin.posts == [id])
    }

    // MARK: Restoring

    @Test(
        "given drafts kept apart from the outbox, when restored into new drafts, then they keep their numbers and order, one being sent is not sent, and new ones number after them"
    )
    func restore() {
        var drafts = CommentDrafts()
        let waiting = drafts.write("Waits", at: date, isLoggedIn: false)
        let sending = drafts.write("Sends", at: date, isLoggedIn: true)
        drafts.restoreOutbox([queued("Queued", clientID: "q0")], viewerID: nil)
        let kept = drafts.keptApartFromOutbox
        #expect(kept.map(\.body) == ["Sends", "Waits"], "the outbox's drafts come back from the outbox")

        var remade = CommentDrafts()
        remade.restore(kept)
        remade.restore(kept)
        let next = remade.write("New", at: date, isLoggedIn: true)

        #expect(remade.all.map(\.body) == ["New", "Sends", "Waits"], "each once, newest first")
        #expect(remade.draft(waiting)?.state == .waitingForLogin)
        #expect(remade.draft(sending)?.state == .notSent, "its answer was never seen")
        #expect(next > max(waiting, sending))
        #expect(remade.waitingForLogin.posts == [waiting])
    }
}
