import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Comments

@MainActor
@Suite("Comments ViewModel: writing and posting")
struct CommentsViewModelPostingTests {
    let world = CommentsWorld()

    func makeViewModel(sessions: SessionStore) -> CommentsViewModel {
        CommentsViewModel(
            eventID: CommentsFixtures.busyEventID,
            dependency: world.dependency(sessions: sessions)
        )
    }

    /// A ViewModel with the first page loaded.
    func loadedViewModel(sessions: SessionStore = .test(.demo())) async -> CommentsViewModel {
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        return viewModel
    }

    func post(_ text: String, on viewModel: CommentsViewModel) {
        viewModel.inputs.commentTextChanged(text)
        viewModel.inputs.postButtonTapped()
    }

    // MARK: commentTextChanged

    @Test("when the text changes, then the post button follows trimmed text of 1 to 2,000 characters, and the count follows")
    func commentTextChanged() {
        let viewModel = makeViewModel(sessions: .test())
        let isEnabled = Recorder(viewModel.outputs.isPostButtonEnabled)
        let remaining = Recorder(viewModel.outputs.charactersRemaining)

        viewModel.inputs.commentTextChanged("  Hi ")
        viewModel.inputs.commentTextChanged(" \n\t ")
        viewModel.inputs.commentTextChanged(String(repeating: "a", count: 2_000))
        viewModel.inputs.commentTextChanged(String(repeating: "a", count: 2_001))

        isEnabled.assertValues([false, true, false, true, false])
        remaining.assertValues([2_000, 1_998, 2_000, 0, -1])
    }

    // MARK: postButtonTapped

    @Test("given a login, when post, then a pending row at once, then the server's comment replaces it")
    func optimisticPendingThenConfirmed() async throws {
        let viewModel = await loadedViewModel()
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let counts = Recorder(viewModel.outputs.rows.map(\.count))
        let messages = Recorder(viewModel.outputs.showMessage)
        let cleared = Recorder(viewModel.outputs.clearCommentText)
        let isEnabled = Recorder(viewModel.outputs.isPostButtonEnabled)
        let gate = world.changes.hold(request: 0)

        post("  See you there!  ", on: viewModel)

        let pending = try #require(viewModel.outputs.rows.value.first)
        #expect(pending.id == .draft(1))
        #expect(pending.body == "See you there!")
        #expect(pending.status == .pending)
        #expect(pending.authorName == "Alice Martin")
        #expect(pending.isMine)
        #expect(pending.time.text == AgoraEnvironment.test().format(AgoraEnvironment.testReferenceDate))
        cleared.assertValueCount(1)
        isEnabled.assertValues([false, true, false], "enabled while typed, disabled once the text became a row")
        messages.assertDidNotEmitValue()

        gate.open()
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.posted, .pending, .posted])
        counts.assertValues([20, 21, 21])
        let posted = viewModel.outputs.rows.value[0]
        #expect(posted.id == .comment(9_000_000_000_001))
        #expect(posted.body == "See you there!")
        #expect(posted.isMine)
        messages.assertValues(["Comment posted."])
        #expect(world.changes.requests == ["post 'See you there!' on 1 as 1"])
    }

    @Test("when the text is empty after trimming, then it is refused with a message and no request")
    func emptyRefused() async {
        let viewModel = await loadedViewModel()
        let rows = Recorder(viewModel.outputs.rows)
        let errors = Recorder(viewModel.outputs.showError)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        post(" \n  ", on: viewModel)
        viewModel.inputs.commentTextChanged("")
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["A comment needs some text.", "A comment needs some text."])
        rows.assertValueCount(1)
        showLogin.assertDidNotEmitValue()
        #expect(world.changes.requests.isEmpty)
    }

    @Test("when a character stacks more combining marks than the API allows, then it is refused with the count and no request; Vietnamese is accepted")
    func stackedMarksRefused() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)

        post("Z" + String(repeating: "\u{301}", count: 1_990), on: viewModel)
        await viewModel.work.waitUntilIdle()

        errors.assertValues([
            "A comment cannot stack marks without end: this one stacks 1990 combining marks on one character; at most 8 are allowed."
        ])
        #expect(world.changes.requests.isEmpty)

        post("Tiếng Việt có dấu", on: viewModel)
        await viewModel.work.waitUntilIdle()
        errors.assertValueCount(1)
        #expect(world.changes.requests.count == 1)
    }

    @Test("when the text is over 2,000 characters, then it is refused with both numbers and no request; 2,000 is accepted")
    func overLongRefused() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)

        post(String(repeating: "x", count: 2_345), on: viewModel)
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["A comment can be at most 2,000 characters; this one has 2,345."])
        #expect(world.changes.requests.isEmpty)
        #expect(viewModel.outputs.rows.value.count == 20)

        post(String(repeating: "x", count: 2_000), on: viewModel)
        await viewModel.work.waitUntilIdle()
        errors.assertValueCount(1)
        #expect(world.changes.requests.count == 1)
    }

    @Test(
        "given the server refuses the post, then the row is kept with its text, marked failed with the reason; no message, and the failure told once, after the row"
    )
    func failedKeepsText() async {
        let refusal = ServiceError.invalidInput(field: "body", reason: "links are not allowed")
        world.changes.fail(request: 0, with: refusal)
        let viewModel = await loadedViewModel()
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let messages = Recorder(viewModel.outputs.showMessage)
        let notSent = Recorder(viewModel.outputs.showCommentNotSent)
        var rowsWhenTold: [CommentRow.Status?] = []
        let observation = viewModel.outputs.showCommentNotSent.observe { _ in
            rowsWhenTold.append(viewModel.outputs.rows.value.first?.status)
        }
        defer { observation.cancel() }

        post("Will there be pizza?", on: viewModel)
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.posted, .pending, .failed(refusal.description)])
        #expect(viewModel.outputs.rows.value[0].body == "Will there be pizza?")
        #expect(viewModel.outputs.rows.value[0].id == .draft(1))
        #expect(viewModel.outputs.rows.value.count == 21)
        messages.assertDidNotEmitValue()
        notSent.assertValues([viewModel.outputs.rows.value[0]])
        #expect(rowsWhenTold == [.failed(refusal.description)], "the row shows the failure before it is told")
        #expect(await world.outbox.entries().isEmpty, "a refused post is not queued")
    }

    @Test(
        "given the server cannot be reached, is slow or fails, when post, then the row says queued with the reason, not failed, and the outbox keeps it",
        arguments: [ServiceError.offline, .timeout, .server(status: 502)]
    )
    func unreachableServerQueues(_ error: ServiceError) async {
        world.changes.fail(request: 0, with: error)
        let viewModel = await loadedViewModel()
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let errors = Recorder(viewModel.outputs.showError)
        let notSent = Recorder(viewModel.outputs.showCommentNotSent)

        post("Will there be pizza?", on: viewModel)
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.posted, .pending, .queued(error.description)])
        #expect(viewModel.outputs.rows.value[0].body == "Will there be pizza?")
        errors.assertDidNotEmitValue()
        notSent.assertValues([viewModel.outputs.rows.value[0]])
        #expect(await world.outbox.entries().map(\.draft.body) == ["Will there be pizza?"])
    }

    // MARK: retryTapped

    @Test("given a refused post, when retry, then it is sent again, with the same client id, and confirmed")
    func retrySucceeds() async throws {
        world.changes.fail(request: 0, with: .forbidden("post yet"))
        let viewModel = await loadedViewModel()
        post("Will there be pizza?", on: viewModel)
        await viewModel.work.waitUntilIdle()
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let messages = Recorder(viewModel.outputs.showMessage)
        let notSent = Recorder(viewModel.outputs.showCommentNotSent)

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.failed(ServiceError.forbidden("post yet").description), .pending, .posted])
        messages.assertValues(["Comment posted."])
        notSent.assertDidNotEmitValue()
        #expect(world.changes.requests == ["post 'Will there be pizza?' on 1 as 1", "post 'Will there be pizza?' on 1 as 1"])
        #expect(viewModel.outputs.rows.value.count == 21)
        #expect(try await world.serverBodies().filter { $0 == "Will there be pizza?" }.count == 1)
    }

    @Test("through the real UseCase and MockCommentsService offline once: the post is queued, retry sends it, the server has it once")
    func retryQueuedThroughUseCase() async throws {
        let world = CommentsWorld(mock: .comments { $0.postComment = .failingOnce(with: .offline) })
        let viewModel = CommentsViewModel(eventID: 1, dependency: world.dependency(sessions: .test(.demo())))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let messages = Recorder(viewModel.outputs.showMessage)

        post("Hello from the test", on: viewModel)
        await viewModel.work.waitUntilIdle()
        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()
        let postedID = viewModel.outputs.rows.value[0].id
        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        // The last one is the refreshed first page, 20 rows, starting with the posted comment.
        statuses.assertValues([.posted, .pending, .queued(ServiceError.offline.description), .pending, .posted, .posted])
        messages.assertValues(["Comment posted."])
        #expect(viewModel.outputs.rows.value[0].id == postedID, "the server's first page starts with it")
        #expect(viewModel.outputs.rows.value[0].body == "Hello from the test")
        #expect(viewModel.outputs.rows.value.count == 20)
        #expect(try await world.serverBodies().filter { $0 == "Hello from the test" }.count == 1)
        #expect(await world.outbox.entries().isEmpty)
    }

    @Test("when retry on a posted or a pending row, then it is refused and nothing is sent")
    func retryRefused() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let gate = world.changes.hold(request: 0)
        post("Pending", on: viewModel)

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[1].id)
        viewModel.inputs.retryTapped(.draft(99))
        gate.open()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([
            "That comment is still being sent; wait for it to finish.",
            "That comment is already posted; only a comment that was not sent can be retried.",
            "That comment is no longer waiting to be sent: it was posted or discarded since it was shown.",
        ])
        #expect(world.changes.requests.count == 1)
    }

    // MARK: discardTapped

    @Test("given a failed post, when discard, then the row goes and nothing is sent")
    func discardFailed() async {
        world.changes.fail(request: 0, with: .forbidden("post here"))
        let viewModel = await loadedViewModel()
        post("Never mind", on: viewModel)
        await viewModel.work.waitUntilIdle()
        let counts = Recorder(viewModel.outputs.rows.map(\.count))
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.discardTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()

        counts.assertValues([21, 20])
        messages.assertValues(["Comment discarded."])
        #expect(!viewModel.outputs.rows.value.contains { $0.body == "Never mind" })
        #expect(world.changes.requests.count == 1)
    }

    @Test("when discard on a posted comment, then the view is told there is nothing to discard; a pending one waits")
    func discardRefused() async {
        let viewModel = await loadedViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let nothingToDiscard = Recorder(viewModel.outputs.showNothingToDiscard)
        let rows = Recorder(viewModel.outputs.rows)

        viewModel.inputs.discardTapped(viewModel.outputs.rows.value[0].id)
        let gate = world.changes.hold(request: 0)
        post("Pending", on: viewModel)
        viewModel.inputs.discardTapped(viewModel.outputs.rows.value[0].id)
        gate.open()
        await viewModel.work.waitUntilIdle()

        nothingToDiscard.assertValueCount(1)
        errors.assertValues(["That comment is still being sent; wait for it to finish before discarding it."])
        #expect(viewModel.outputs.rows.value.count == 21, "the pending one was posted, the posted one kept")
        rows.assertValueCount(3)
    }

    // MARK: Logged out

    @Test("given logged out, when post, then a login is asked for; after the login the comment is sent exactly once")
    func loggedOutPostResumesAfterLogin() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })
        let messages = Recorder(viewModel.outputs.showMessage)

        post("Count me in", on: viewModel)
        await viewModel.work.waitUntilIdle()

        showLogin.assertValueCount(1)
        #expect(world.changes.requests.isEmpty)
        #expect(viewModel.outputs.rows.value[0].authorName == "You")
        #expect(viewModel.outputs.rows.value[0].status == .waitingForLogin)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests == ["post 'Count me in' on 1 as 1"])
        statuses.assertValues([.posted, .waitingForLogin, .pending, .posted])
        messages.assertValues(["Comment posted."])
        #expect(viewModel.outputs.rows.value[0].authorName == "Alice Martin")

        sessions.end()
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()
        #expect(world.changes.requests.count == 1, "a later login sends nothing again")
        showLogin.assertValueCount(1)
    }

    @Test("given logged out, when post then viewDidReappear without a login, then a not-sent row keeps the text")
    func loggedOutPostCancelledKeepsText() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })

        post("Count me in", on: viewModel)
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.posted, .waitingForLogin, .notSent])
        #expect(viewModel.outputs.rows.value[0].body == "Count me in")
        #expect(viewModel.outputs.rows.value[0].isMine)
        #expect(world.changes.requests.isEmpty)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()
        #expect(world.changes.requests.isEmpty, "a cancelled post is not sent by a later login")
    }

    @Test("given a not-sent row, when retry while logged out, then a login is asked again and the post follows it")
    func retryNotSentAsksForLogin() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        post("Count me in", on: viewModel)
        viewModel.inputs.viewDidReappear()

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        #expect(viewModel.outputs.rows.value[0].status == .waitingForLogin)
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        showLogin.assertValueCount(2)
        #expect(world.changes.requests == ["post 'Count me in' on 1 as 1"])
        #expect(viewModel.outputs.rows.value[0].status == .posted)
    }

    @Test("given two posts while logged out, when the login happens, then both are sent once")
    func twoWaitingPosts() async {
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        post("First", on: viewModel)
        post("Second", on: viewModel)
        #expect(viewModel.outputs.rows.value.prefix(2).map(\.status) == [.waitingForLogin, .waitingForLogin])
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        showLogin.assertValueCount(2)
        #expect(world.changes.requests.sorted() == ["post 'First' on 1 as 1", "post 'Second' on 1 as 1"])
        #expect(viewModel.outputs.rows.value.prefix(2).map(\.status) == [.posted, .posted])
    }

    @Test("given the session expired, when the post answers unauthorized, then the session ends, a login is asked, and the post follows it")
    func unauthorizedAsksForLoginAndResends() async {
        let sessions = SessionStore.test(.demo())
        world.changes.fail(request: 0, with: .unauthorized)
        let viewModel = await loadedViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let errors = Recorder(viewModel.outputs.showError)
        let statuses = Recorder(viewModel.outputs.rows.map { $0.first?.status })

        post("Still there?", on: viewModel)
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.unauthorized.description])
        showLogin.assertValueCount(1)
        #expect(sessions.session.value == nil)
        statuses.assertLastValue(.waitingForLogin)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        // Waiting twice: once marked, once more when the ended session makes its author "You".
        statuses.assertValues([.posted, .pending, .waitingForLogin, .waitingForLogin, .pending, .posted])
        #expect(world.changes.requests == ["post 'Still there?' on 1 as 1", "post 'Still there?' on 1 as 1"])
    }
}
