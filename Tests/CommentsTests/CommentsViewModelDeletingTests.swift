import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Comments

@MainActor
@Suite("Comments ViewModel: deleting")
struct CommentsViewModelDeletingTests {
    let world = CommentsWorld()

    func loadedViewModel(sessions: SessionStore = .test(.demo())) async -> CommentsViewModel {
        let viewModel = CommentsViewModel(
            eventID: CommentsFixtures.busyEventID,
            dependency: world.dependency(sessions: sessions)
        )
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        return viewModel
    }

    var aliceComment: Comment { CommentsFixtures.firstPage().items[CommentsFixtures.aliceRow] }
    /// Someone else's comment, on top of the first page.
    var othersComment: Comment { CommentsFixtures.firstPage().items[0] }

    @Test("given Alice is logged in, when she deletes her comment, then it is deleted and its row goes")
    func deleteOwn() async {
        let viewModel = await loadedViewModel()
        let counts = Recorder(viewModel.outputs.rows.map(\.count))
        let messages = Recorder(viewModel.outputs.showMessage)
        #expect(viewModel.outputs.rows.value[CommentsFixtures.aliceRow].isMine)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests == ["delete \(aliceComment.id) as 1"])
        counts.assertValues([20, 19])
        messages.assertValues(["Comment deleted."])
        #expect(!viewModel.outputs.rows.value.contains { $0.id == .comment(aliceComment.id) })
    }

    @Test("when deleting someone else's comment, then it is refused with a message and no request")
    func deleteOthersRefused() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let rows = Recorder(viewModel.outputs.rows)

        viewModel.inputs.deleteTapped(.comment(othersComment.id))
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["You can only delete your own comments."])
        rows.assertValueCount(1)
        #expect(world.changes.requests.isEmpty)
    }

    @Test("given logged out, when delete, then a login is asked; after it the comment is deleted")
    func loggedOutDeleteResumes() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()
        showLogin.assertValueCount(1)
        #expect(world.changes.requests.isEmpty)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests == ["delete \(aliceComment.id) as 1"])
        messages.assertValues(["Comment deleted."])
        #expect(viewModel.outputs.rows.value.count == 19)
    }

    @Test("given logged out, when deleting another's comment then logging in, then it is refused with no request")
    func loggedOutDeleteOfOthersRefusedAfterLogin() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.deleteTapped(.comment(othersComment.id))
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["You can only delete your own comments."])
        #expect(world.changes.requests.isEmpty)
    }

    @Test("given logged out, when delete then viewDidReappear without a login, then nothing is deleted and it says so")
    func loggedOutDeleteCancelled() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        viewModel.inputs.viewDidReappear()
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Not logged in, so no comment was deleted."])
        #expect(world.changes.requests.isEmpty)
        #expect(viewModel.outputs.rows.value.count == 20)
    }

    @Test("given the delete fails, then the error is shown and the row stays")
    func deleteFails() async {
        world.changes.fail(request: 0, with: .server(status: 503))
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.server(status: 503).description])
        #expect(viewModel.outputs.rows.value.count == 20)
    }

    @Test("given the session expired, when the delete answers unauthorized, then a login is asked and the delete follows it")
    func deleteUnauthorized() async {
        let sessions = SessionStore.test(.demo())
        world.changes.fail(request: 0, with: .unauthorized)
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()
        errors.assertValues([ServiceError.unauthorized.description])
        showLogin.assertValueCount(1)
        #expect(sessions.session.value == nil)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests.count == 2)
        #expect(viewModel.outputs.rows.value.count == 19)
    }

    @Test("when delete is tapped twice while the first is in flight, then one request is made")
    func deleteTwice() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let gate = world.changes.hold(request: 0)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        gate.open()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["That comment is already being deleted."])
        #expect(world.changes.requests.count == 1)
        #expect(viewModel.outputs.rows.value.count == 19)
    }

    @Test("when delete on a comment that was not sent, then it is discarded with no request")
    func deleteDraftDiscards() async {
        world.changes.fail(request: 0, with: .offline)
        let viewModel = await loadedViewModel()
        viewModel.inputs.commentTextChanged("Oops")
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.deleteTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Comment discarded."])
        #expect(world.changes.requests.count == 1, "only the failed post")
        #expect(viewModel.outputs.rows.value.count == 20)
    }

    // MARK: Rows that move

    @Test("given Alice's comment shown, when a comment arrives on top before she deletes it, then hers is deleted, not the one now in its place")
    func deleteActsOnTheCommentShownAfterTheRowsMoved() async throws {
        let viewModel = await loadedViewModel()
        let shown = viewModel.outputs.rows.value[CommentsFixtures.aliceRow]
        #expect(shown.id == .comment(aliceComment.id))

        viewModel.inputs.commentTextChanged("A new comment on top")
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()
        let moved = viewModel.outputs.rows.value
        try #require(moved[CommentsFixtures.aliceRow].id != shown.id, "the rows did not move")

        viewModel.inputs.deleteTapped(shown.id)
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests.last == "delete \(aliceComment.id) as 1")
        #expect(!viewModel.outputs.rows.value.contains { $0.id == shown.id })
        #expect(viewModel.outputs.rows.value.contains { $0.id == moved[CommentsFixtures.aliceRow].id }, "the row in its old place stays")
    }

    @Test("given a comment deleted since it was shown, when delete names it again, then it says the comment is gone and sends nothing")
    func deleteOfACommentGoneSaysSo() async {
        let viewModel = await loadedViewModel()
        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.deleteTapped(.comment(aliceComment.id))
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["That comment is no longer in the list: it was deleted, or the list changed since it was shown."])
        #expect(world.changes.requests == ["delete \(aliceComment.id) as 1"])
        #expect(viewModel.outputs.rows.value.count == 19)
    }

    @Test("given an unsent comment discarded since it was shown, when delete or retry names it, then each says it is gone and sends nothing")
    func actionsOnADraftGoneSaySo() async {
        world.changes.fail(request: 0, with: .offline)
        let viewModel = await loadedViewModel()
        viewModel.inputs.commentTextChanged("Oops")
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()
        let draft = viewModel.outputs.rows.value[0].id
        viewModel.inputs.discardTapped(draft)
        await viewModel.work.waitUntilIdle()
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.deleteTapped(draft)
        viewModel.inputs.retryTapped(draft)
        viewModel.inputs.discardTapped(draft)
        await viewModel.work.waitUntilIdle()

        let gone = "That comment is no longer waiting to be sent: it was posted or discarded since it was shown."
        errors.assertValues([gone, gone, gone])
        #expect(world.changes.requests.count == 1, "only the failed post")
        #expect(viewModel.outputs.rows.value.count == 20)
    }
}
