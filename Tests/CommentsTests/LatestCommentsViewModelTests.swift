import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Comments

/// An event's latest comments, as its page shows them: the newest few of the thread, following
/// the same cache as the comments screen.
@MainActor
@Suite("Comments: an event's latest comments")
struct LatestCommentsViewModelTests {
    let world = CommentsWorld()

    func makeViewModel(eventID: Event.ID = CommentsFixtures.busyEventID, sessions: SessionStore = .test()) -> LatestCommentsViewModel {
        LatestCommentsViewModel(
            eventID: eventID,
            dependency: .init(fetcher: world.useCase, loader: world.useCase, sessions: sessions, environment: .test()))
    }

    @Test("given an event with 1,200 comments, when it loads, then the newest three, newest first, from one page")
    func newestThree() async {
        let viewModel = makeViewModel()

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        let newest = CommentsFixtures.firstPage().items.prefix(LatestCommentsViewModel.count)
        #expect(viewModel.outputs.comments.value.map(\.id) == newest.map { .comment($0.id) })
        #expect(viewModel.outputs.comments.value.map(\.body) == newest.map(\.body))
        #expect(LatestCommentsViewModel.count == 3)
        #expect(world.pages.requests == [nil], "one first page, never a second")
        #expect(!viewModel.outputs.isEmpty.value)
    }

    @Test("given the comments shown, when a comment is posted through the comments screen's UseCase, then it leads them and the oldest of the three goes")
    func postedCommentLeads() async throws {
        let viewModel = makeViewModel(sessions: .test(Session.demo()))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let before = viewModel.outputs.comments.value
        let comments = Recorder(viewModel.outputs.comments.map { $0.map(\.body) })

        let outgoing = OutgoingComment(
            draft: CommentDraft(eventID: CommentsFixtures.busyEventID, body: "See you there"), writtenAt: AgoraEnvironment.testReferenceDate, authorID: 1)
        _ = try await world.useCase.postComment(outgoing, token: Session.demo().token)
        await comments.waitForValues(count: 2)

        #expect(viewModel.outputs.comments.value.map(\.body) == ["See you there"] + before.prefix(2).map(\.body))
        #expect(viewModel.outputs.comments.value.first?.isMine == true, "Alice's own, as she is logged in")
    }

    @Test("given an event with no comment, when it loads, then none and the empty state")
    func noComments() async {
        let viewModel = makeViewModel(eventID: CommentsFixtures.quietEventID)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.comments.value.isEmpty)
        #expect(viewModel.outputs.isEmpty.value)
    }

    @Test("given comments cached before, when the newest page fails, then the error is told and the cached comments stay")
    func failedPageKeepsCached() async {
        let cached = makeViewModel()
        cached.inputs.viewDidLoad()
        await cached.work.waitUntilIdle()
        world.pages.fail(request: 1, with: .offline)
        let viewModel = makeViewModel()
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.offline.description])
        #expect(viewModel.outputs.comments.value.count == LatestCommentsViewModel.count)
        #expect(!viewModel.outputs.isEmpty.value)
    }
}
