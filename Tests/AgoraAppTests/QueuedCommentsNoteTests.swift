import AgoraAPI
import AgoraApp
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Comments
import Foundation
import Testing

/// What the REPL says when it starts and when the user leaves with comments still in the outbox.
@MainActor
@Suite("The queued comments a host tells of")
struct QueuedCommentsNoteTests {
    let alice = MockData.test.users[0]
    let bob = MockData.test.users[1]

    func queue(_ body: String, by author: User, in application: AgoraApplication) async throws {
        let outbox = try application.container.resolve((any Outbox<OutgoingComment>).self)
        try await outbox.add(OutgoingComment(draft: CommentDraft(eventID: 1, body: body), writtenAt: Date(), authorID: author.id))
    }

    @Test("given the outbox holds two of Alice's comments and one of Bob's, when Alice is logged in, then the note counts her two")
    func countsTheUsersComments() async throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
        try await queue("one", by: alice, in: application)
        try await queue("two", by: alice, in: application)
        try await queue("Bob's", by: bob, in: application)

        #expect(await application.queuedCommentsNote() == nil, "nobody is logged in: nothing of theirs waits")
        application.sessions.begin(.demo(alice))
        #expect(await application.queuedCommentCount() == 2)
        #expect(await application.queuedCommentsNote() == "2 comments are queued: each is sent when its event's comments are open and the server answers.")
        application.sessions.begin(.demo(bob))
        #expect(await application.queuedCommentsNote() == "1 comment is queued: it is sent when its event's comments are open and the server answers.")
    }

    @Test("given an empty outbox, then there is nothing to say")
    func emptyOutbox() async throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
        application.sessions.begin(.demo(alice))
        #expect(await application.queuedCommentsNote() == nil)
    }
}
