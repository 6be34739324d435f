import AgoraAPI
import AgoraMocks
import AgoraModels
import Testing

@Suite("One stream per event for every app of a process")
struct SharedEventChangesTests {
    @Test(
        "given two followers of one event through the shared changes, then the source follows it once, both hear a post, and the source's stream ends with the last follower"
    )
    func oneSourceStreamPerEvent() async throws {
        let backend = MockService().backend
        let shared = SharedEventChanges(source: backend)
        var first: AsyncStream<EventChange>.Iterator? = shared.changes(of: 2).makeAsyncIterator()
        var second: AsyncStream<EventChange>.Iterator? = shared.changes(of: 2).makeAsyncIterator()
        try await until { backend.followingStreams == 1 }
        guard case .loggedIn(let carol) = try backend.login(LoginCredentials(email: "carol@agora.example", password: "agora-demo")) else {
            throw ServiceError.invalidCredentials
        }

        let comment = try backend.postComment(CommentDraft(eventID: 2, body: "For both of you"), token: carol.token)

        #expect(await first?.next() == .commentPosted(comment))
        #expect(await second?.next() == .commentPosted(comment))
        #expect(backend.followingStreams == 1)
        first = nil
        #expect(shared.followedEvents == 1, "the other follower still reads it")
        second = nil
        #expect(shared.followedEvents == 0)
        try await until { backend.followingStreams == 0 }
    }

    /// Returns once `condition` holds; fails after two minutes, far past what a busy machine takes.
    private func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Timeout() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private struct Timeout: Error {}
}
