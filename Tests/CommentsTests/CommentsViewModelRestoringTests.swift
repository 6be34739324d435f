import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Foundation
import Testing

@testable import Comments

/// A comments screen let go while its login is open, and made again: nothing the user wrote is
/// lost, and the login it waited for still posts it.
@MainActor
@Suite("Comments ViewModel: made again where it was left")
struct CommentsViewModelRestoringTests {
    let world = CommentsWorld()

    func loadedViewModel(sessions: SessionStore) async -> CommentsViewModel {
        let viewModel = CommentsViewModel(eventID: CommentsFixtures.busyEventID, dependency: world.dependency(sessions: sessions))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        return viewModel
    }

    /// The state of a screen where `text` was posted logged out, the screen then let go.
    func stateLeftWaiting(_ text: String, sessions: SessionStore) async throws -> Data {
        let first = await loadedViewModel(sessions: sessions)
        first.inputs.commentTextChanged(text)
        first.inputs.postButtonTapped()
        return try #require(first.encodedRestorationState())
    }

    @Test(
        "given a comment written logged out, waiting for the login, when its screen is made again from its state, then no second login is asked for, the row waits, and the login posts it once"
    )
    func waitingDraftIsPostedAfterTheLogin() async throws {
        let sessions = SessionStore.test()
        let kept = try await stateLeftWaiting("Written before the login", sessions: sessions)

        let remade = CommentsViewModel(eventID: CommentsFixtures.busyEventID, dependency: world.dependency(sessions: sessions))
        let showLogin = Recorder(remade.navigation.showLogin)
        try remade.restore(encoded: kept)
        remade.inputs.viewDidLoad()
        await remade.work.waitUntilIdle()

        showLogin.assertDidNotEmitValue()
        #expect(remade.outputs.rows.value[0].body == "Written before the login")
        #expect(remade.outputs.rows.value[0].status == .waitingForLogin)

        sessions.begin(.demo())
        await remade.work.waitUntilIdle()
        #expect(world.changes.requests == ["post 'Written before the login' on 1 as 1"])
        #expect(remade.outputs.rows.value[0].status == .posted)
    }

    @Test("given a remade screen waiting for the open login, when it shows again without one, then the comment is kept as not sent")
    func abandonedLoginKeepsTheText() async throws {
        let sessions = SessionStore.test()
        let kept = try await stateLeftWaiting("Kept", sessions: sessions)

        let remade = CommentsViewModel(eventID: CommentsFixtures.busyEventID, dependency: world.dependency(sessions: sessions))
        try remade.restore(encoded: kept)
        remade.inputs.viewDidLoad()
        await remade.work.waitUntilIdle()
        remade.inputs.viewDidReappear()

        #expect(remade.outputs.rows.value[0].body == "Kept")
        #expect(remade.outputs.rows.value[0].status == .notSent)
        #expect(world.changes.requests.isEmpty)
    }

    @Test("given a screen with nothing unposted, then it keeps nothing")
    func nothingToKeep() async {
        let viewModel = await loadedViewModel(sessions: .test(.demo()))
        #expect(viewModel.restorationState == nil)
    }
}
