import Foundation
import Testing

@testable import Comments

/// The words a script's error uses for what the comments screen left undone without a login.
@Suite("What the comments screen leaves undone without a login")
struct CommentsAwaitingLoginTests {
    @Test(
        "each kind of waiting change is named, counted, and joined into one clause",
        arguments: [
            (CommentsAwaitingLogin(posts: 1), "the comment was not posted"),
            (CommentsAwaitingLogin(posts: 2), "2 comments were not posted"),
            (CommentsAwaitingLogin(queued: 1), "the queued comment was not sent (it stays queued)"),
            (CommentsAwaitingLogin(deletes: 1), "the comment was not deleted"),
            (CommentsAwaitingLogin(posts: 1, deletes: 3), "the comment was not posted and 3 comments were not deleted"),
            (
                CommentsAwaitingLogin(posts: 2, queued: 2, deletes: 1),
                "2 comments were not posted, 2 queued comments were not sent (they stay queued) and the comment was not deleted"
            ),
        ])
    func words(waiting: CommentsAwaitingLogin, expected: String) {
        #expect(waiting.undone == expected)
    }

    @Test("nothing waiting leaves nothing undone")
    func nothing() {
        #expect(CommentsAwaitingLogin().undone == nil)
    }

    @Test("given drafts, when counted, then only those waiting for a login count, the outbox's apart")
    func counting() {
        var drafts = CommentDrafts()
        _ = drafts.write("waits", at: .now, isLoggedIn: false)
        _ = drafts.write("sends", at: .now, isLoggedIn: true)

        #expect(CommentsAwaitingLogin(drafts: drafts, deletes: 2) == CommentsAwaitingLogin(posts: 1, deletes: 2))
    }
}
