import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Comments

/// Comments the server could not take: queued in the outbox, shown as queued, sent once when the
/// server is back, never lost and never posted twice — also across a restart of the app.
@MainActor
@Suite("Comments ViewModel: the outbox")
struct CommentsViewModelOutboxTests {
    let eventID = CommentsFixtures.busyEventID

    func loadedViewModel(_ world: CommentsWorld, sessions: SessionStore = .test(.demo())) async -> CommentsViewModel {
        let viewModel = CommentsViewModel(eventID: eventID, dependency: world.dependency(sessions: sessions))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        return viewModel
    }

    func post(_ text: String, on viewModel: CommentsViewModel) async {
        viewModel.inputs.commentTextChanged(text)
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()
    }

    /// A comment Alice wrote on the busy event and the outbox kept.
    func queued(_ body: String, clientID: String = "queued-1", authorID: User.ID = 1) -> OutgoingComment {
        OutgoingComment(
            draft: CommentDraft(eventID: CommentsFixtures.busyEventID, body: body, clientID: clientID),
            writtenAt: AgoraEnvironment.testReferenceDate, authorID: authorID
        )
    }

    @Test(
        "given a post queued while the server was down, when the app restarts with the server back, then the queued row shows at once and the comment is posted exactly once"
    )
    func queuedPostSurvivesRestart() async throws {
        let server = MockCommentsService.comments { $0.postComment = .failingOnce(with: .offline) }
        let before = CommentsWorld(mock: server)
        let first = await loadedViewModel(before)
        await post("Posted while offline", on: first)
        #expect(first.outputs.rows.value[0].status == .queued(ServiceError.offline.description))

        // A restart: a new ViewModel, a new (empty) cache, the same outbox and the same server.
        let after = CommentsWorld(mock: server, outbox: before.outbox)
        let viewModel = CommentsViewModel(eventID: eventID, dependency: after.dependency(sessions: .test(.demo())))
        let firstRow = Recorder(viewModel.outputs.rows.map { $0.first.map { "\($0.status) \($0.body)" } })
        let messages = Recorder(viewModel.outputs.showMessage)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        firstRow.assertValues([
            nil,
            "queued(nil) Posted while offline",
            "queued(nil) Posted while offline",  // the first page arrives under it, then it is sent
            "pending Posted while offline",
            "posted Posted while offline",
        ])
        messages.assertValues(["Comment posted."])
        #expect(viewModel.outputs.rows.value.filter { $0.body == "Posted while offline" }.count == 1)
        #expect(try await after.serverBodies().filter { $0 == "Posted while offline" }.count == 1)
        #expect(await after.outbox.entries().isEmpty)
    }

    @Test("given the server took a post but its answer was lost, when retry, then the server answers the same comment: it is there once")
    func lostAnswerThenRetry() async throws {
        let world = CommentsWorld(mock: .comments { $0.postComment = .losingAnswerOnce(with: .offline) })
        let viewModel = await loadedViewModel(world)
        await post("Did it arrive?", on: viewModel)
        #expect(viewModel.outputs.rows.value[0].status == .queued(ServiceError.offline.description))
        #expect(try await world.serverBodies().filter { $0 == "Did it arrive?" }.count == 1, "the server has it already")

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()
        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        #expect(try await world.serverBodies().filter { $0 == "Did it arrive?" }.count == 1)
        #expect(viewModel.outputs.rows.value.filter { $0.body == "Did it arrive?" }.map(\.status) == [.posted])
        #expect(world.changes.requests == ["post 'Did it arrive?' on 1 as 1", "post 'Did it arrive?' on 1 as 1"])
    }

    @Test("given a queued comment, when the first page fails, then it stays queued and nothing is sent; a refresh that succeeds sends it")
    func sentOnlyOnceTheServerAnswers() async throws {
        let world = CommentsWorld(outbox: InMemoryOutbox([queued("Waiting")]))
        world.pages.fail(request: 0, with: .offline)
        let viewModel = await loadedViewModel(world)

        #expect(viewModel.outputs.rows.value.map(\.status) == [.queued(nil)])
        #expect(world.changes.requests.isEmpty)

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests == ["post 'Waiting' on 1 as 1"])
        #expect(viewModel.outputs.rows.value.first?.body == "Waiting")
        #expect(viewModel.outputs.rows.value.first?.status == .posted)
    }

    @Test("given a queued comment the server now refuses (4xx), when sent, then it leaves the outbox and its row is failed with the reason, text kept")
    func rejectedFromTheOutbox() async throws {
        let refusal = ServiceError.forbidden("comment on a cancelled event")
        let world = CommentsWorld(outbox: InMemoryOutbox([queued("Too late")]))
        world.changes.fail(request: 0, with: refusal)
        let viewModel = await loadedViewModel(world)

        #expect(viewModel.outputs.rows.value[0].status == .failed(refusal.description))
        #expect(viewModel.outputs.rows.value[0].body == "Too late")
        #expect(await world.outbox.entries().isEmpty)

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()
        #expect(viewModel.outputs.rows.value[0].status == .posted, "a retry posts it on its own, like any failed post")
        #expect(await world.outbox.entries().isEmpty)
    }

    @Test("given the session expired, when the queued comments are sent, then they stay queued, the login is asked for, and they go after it")
    func expiredSessionThenLogin() async throws {
        let world = CommentsWorld(outbox: InMemoryOutbox([queued("After login")]))
        world.changes.fail(request: 0, with: .unauthorized)
        let sessions = SessionStore.test(.demo())
        let viewModel = CommentsViewModel(eventID: eventID, dependency: world.dependency(sessions: sessions))
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let errors = Recorder(viewModel.outputs.showError)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        showLogin.assertValueCount(1)
        errors.assertValues([ServiceError.unauthorized.description])
        #expect(viewModel.outputs.rows.value[0].status == .waitingForLogin)
        #expect(await world.outbox.entries().count == 1)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value[0].status == .posted)
        #expect(try await world.serverBodies().filter { $0 == "After login" }.count == 1)
        #expect(await world.outbox.entries().isEmpty)
    }

    @Test(
        "given a post refused because the session ended, when the app quits before the login and restarts, then the comment is still there, queued, and goes once after the login"
    )
    func expiredSessionPostSurvivesRestart() async throws {
        let before = CommentsWorld()
        before.changes.fail(request: 0, with: .unauthorized)
        let sessions = SessionStore.test(.demo())
        let first = await loadedViewModel(before, sessions: sessions)
        await post("Typed as the session ended", on: first)
        #expect(first.outputs.rows.value[0].status == .waitingForLogin)
        #expect(sessions.session.value == nil)
        #expect(await before.outbox.entries().map(\.draft.body) == ["Typed as the session ended"], "kept, not only on screen")

        // A restart with nobody logged in: a new ViewModel and cache, the same outbox and server.
        let after = CommentsWorld(mock: before.mock, outbox: before.outbox)
        let restartedSessions = SessionStore.test()
        let viewModel = await loadedViewModel(after, sessions: restartedSessions)
        #expect(viewModel.outputs.rows.value[0].body == "Typed as the session ended")
        #expect(viewModel.outputs.rows.value[0].status == .queued(nil))

        viewModel.inputs.retryQueuedTapped()
        restartedSessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value[0].status == .posted)
        #expect(try await after.serverBodies().filter { $0 == "Typed as the session ended" }.count == 1)
        #expect(await after.outbox.entries().isEmpty)
    }

    @Test("given queued comments and nobody logged in, then they show queued, are not sent, and `retry` asks for the login first")
    func loggedOutKeepsThemQueued() async throws {
        let world = CommentsWorld(outbox: InMemoryOutbox([queued("One", clientID: "a"), queued("Two", clientID: "b")]))
        let sessions = SessionStore.test()
        let viewModel = await loadedViewModel(world, sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        #expect(viewModel.outputs.rows.value.prefix(2).map(\.body) == ["Two", "One"], "newest first")
        #expect(viewModel.outputs.rows.value.prefix(2).map(\.status) == [.queued(nil), .queued(nil)])
        #expect(world.changes.requests.isEmpty)

        viewModel.inputs.retryQueuedTapped()
        showLogin.assertValueCount(1)
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        #expect(world.changes.requests == ["post 'One' on 1 as 1", "post 'Two' on 1 as 1"], "oldest first")
        #expect(viewModel.outputs.rows.value.prefix(2).map(\.body) == ["Two", "One"])
        #expect(viewModel.outputs.rows.value.prefix(2).map(\.status) == [.posted, .posted])
    }

    @Test("given another member's queued comment, when Alice opens the screen, then it is neither shown nor sent")
    func anotherMembersQueue() async throws {
        let world = CommentsWorld(outbox: InMemoryOutbox([queued("Bob's words", authorID: 2)]))

        let viewModel = await loadedViewModel(world)

        #expect(!viewModel.outputs.rows.value.contains { $0.body == "Bob's words" })
        #expect(world.changes.requests.isEmpty)
        #expect(await world.outbox.entries().count == 1, "it waits for Bob")
    }

    @Test("given a queued comment, when discarded, then its row goes and it leaves the outbox unsent")
    func discardQueued() async throws {
        let world = CommentsWorld(mock: .comments { $0.postComment = .failure(.offline) })
        let viewModel = await loadedViewModel(world)
        await post("Never mind", on: viewModel)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.discardTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Comment discarded."])
        #expect(!viewModel.outputs.rows.value.contains { $0.body == "Never mind" })
        #expect(await world.outbox.entries().isEmpty)
    }

    @Test(
        "given the server still down, when `retry` of a queued row, then it is sent, stays queued with the reason, is told once, and the outbox keeps it"
    )
    func retryWhileStillDown() async throws {
        let world = CommentsWorld(mock: .comments { $0.postComment = .failure(.timeout) })
        let viewModel = await loadedViewModel(world)
        await post("Patience", on: viewModel)
        let statuses = Recorder(viewModel.outputs.rows.map { $0[0].status })
        let notSent = Recorder(viewModel.outputs.showCommentNotSent)

        viewModel.inputs.retryTapped(viewModel.outputs.rows.value[0].id)
        await viewModel.work.waitUntilIdle()

        statuses.assertValues([.queued(ServiceError.timeout.description), .pending, .queued(ServiceError.timeout.description)])
        notSent.assertValues([viewModel.outputs.rows.value[0]])
        #expect(await world.outbox.entries().map(\.draft.body) == ["Patience"])
    }

    @Test("given nothing queued, when `retry` alone, then a message says so and nothing is sent", .exhaustiveRecorders)
    func retryQueuedWithNothingQueued() async {
        let world = CommentsWorld()
        let viewModel = await loadedViewModel(world)
        let messages = Recorder(viewModel.outputs.showMessage)
        let nothingQueued = Recorder(viewModel.outputs.showNothingQueued)

        viewModel.inputs.retryQueuedTapped()
        await viewModel.work.waitUntilIdle()

        nothingQueued.assertValueCount(1)
        messages.assertDidNotEmitValue()
        #expect(world.changes.requests.isEmpty)
    }

    @Test("given two screens of one event, when a comment is posted on one, then the other shows it by the time the post's work is done")
    func anotherScreenFollowsTheCache() async {
        let world = CommentsWorld()
        let writer = await loadedViewModel(world)
        let reader = await loadedViewModel(world)

        await post("Seen over there", on: writer)

        #expect(reader.outputs.rows.value.first?.body == "Seen over there")
        #expect(reader.work.isIdle)
    }
}
