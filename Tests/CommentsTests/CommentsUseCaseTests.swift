import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Comments
import Testing

@Suite("Comments UseCase")
struct CommentsUseCaseTests {
    let cache = InMemoryListCache<Comment>()
    let outbox: any Outbox<OutgoingComment> = InMemoryOutbox<OutgoingComment>()
    let list = "events/1/comments"

    func makeUseCase(_ service: MockCommentsService) -> CommentsUseCase {
        CommentsUseCase(service: service, cache: cache, events: InMemoryListCache<Event>(), outbox: outbox)
    }

    /// The UseCase over a service that answers only what `expecting` sets, at the reference date:
    /// a request the test did not set up fails it, naming the call.
    func makeUseCase(sourceLocation: SourceLocation = #_sourceLocation, expecting: (inout MockCommentsService) -> Void) -> CommentsUseCase {
        makeUseCase(MockCommentsService.unimplemented(now: { AgoraEnvironment.testReferenceDate }, sourceLocation: sourceLocation, expecting: expecting))
    }

    /// Alice's comment on event 1, written at the reference date.
    func outgoing(_ body: String, eventID: Event.ID = 1, clientID: String = "client-1", authorID: User.ID = 1) -> OutgoingComment {
        OutgoingComment(
            draft: CommentDraft(eventID: eventID, body: body, clientID: clientID), writtenAt: AgoraEnvironment.testReferenceDate, authorID: authorID
        )
    }

    @Test("the cache list of an event's comments is named like its route")
    func listName() {
        #expect(CommentsUseCase.list(eventID: 42) == "events/42/comments")
    }

    @Test("fetching the first page replaces the cached list; the next page, by its cursor, appends")
    func fetchWritesCache() async throws {
        let useCase = makeUseCase { $0.fetchComments = .fixtures }
        let stale = try #require(MockData.test.comment(id: 10_000_005))
        await cache.replace(list, with: [stale])

        let first = try await useCase.fetchComments(eventID: 1, after: nil)
        #expect(await cache.items(in: list).map(\.id) == first.items.map(\.id))
        #expect(first.items.first?.id == 10_001_200, "newest first")

        let second = try await useCase.fetchComments(eventID: 1, after: first.nextCursor)
        #expect(await cache.items(in: list).map(\.id) == (first.items + second.items).map(\.id))
        #expect(second.items.first?.id == 10_001_180, "keyset: right after the first page's last comment")
    }

    @Test("observing shows the cached list with no request, and only that event's; then each change")
    @MainActor
    func observeShowsCacheThenChanges() async throws {
        // Every endpoint fails the test if asked: observing reads the cache alone.
        let useCase = makeUseCase(MockCommentsService.unimplemented())
        let cached = Array(CommentsFixtures.firstPage().items.prefix(2))
        await cache.replace(list, with: cached)
        let first = ShownComments()
        let second = ShownComments()

        let subscriptions = [
            await useCase.cachedComments(eventID: 1).observe { first.values.append($0.items) },
            await useCase.cachedComments(eventID: 2).observe { second.values.append($0.items) },
        ]
        await cache.remove(id: cached[0].id)

        #expect(first.values == [cached, [cached[1]]])
        #expect(second.values == [[]])
        subscriptions.forEach { $0.cancel() }
    }

    @Test("a failed fetch passes the error on and leaves the cache as it was")
    func failedFetchKeepsCache() async {
        let useCase = makeUseCase { $0.fetchComments = .failure(.timeout) }
        let cached = Array(CommentsFixtures.firstPage().items.prefix(2))
        await cache.replace(list, with: cached)

        await #expect(throws: ServiceError.timeout) { try await useCase.fetchComments(eventID: 1, after: nil) }
        #expect(await cache.items(in: list) == cached)
    }

    @Test("posting puts the server's comment on top of the cached list, and the server lists it first")
    func postWritesCache() async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.postComment = .fixtures
        }
        let first = try await useCase.fetchComments(eventID: 1, after: nil)

        guard case .posted(let comment) = try await useCase.postComment(outgoing("  Hello  "), token: Session.demo().token) else {
            Issue.record("the post was not taken")
            return
        }

        #expect(comment.body == "Hello")
        #expect(comment.author.id == 1)
        #expect(await cache.items(in: list).map(\.id) == [comment.id] + first.items.map(\.id))
        let fresh = try await useCase.fetchComments(eventID: 1, after: nil)
        #expect(fresh.items.first == comment)
    }

    @Test("a refused post (4xx) passes the error on, leaves the cache as it was and queues nothing")
    func refusedPostKeepsCache() async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.postComment = .failure(.invalidInput(field: "body", reason: "too rude"))
        }
        _ = try await useCase.fetchComments(eventID: 1, after: nil)
        let before = await cache.items(in: list)

        await #expect(throws: ServiceError.invalidInput(field: "body", reason: "too rude")) {
            try await useCase.postComment(outgoing("Hello"), token: Session.demo().token)
        }
        #expect(await cache.items(in: list) == before)
        #expect(await outbox.entries().isEmpty)
    }

    @Test(
        "given the server unreachable, slow, failing or unreadable, when posting, then the comment is queued in the outbox and the cache is as it was",
        arguments: [ServiceError.offline, .timeout, .server(status: 503), .undecodable("not JSON")]
    )
    func unreachableServerQueues(_ error: ServiceError) async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.postComment = .failure(error)
        }
        _ = try await useCase.fetchComments(eventID: 1, after: nil)
        let before = await cache.items(in: list)

        let outcome = try await useCase.postComment(outgoing("Hello"), token: Session.demo().token)

        #expect(outcome == .queued(error))
        #expect(await outbox.entries() == [outgoing("Hello")])
        #expect(await useCase.queuedComments(eventID: 1) == [outgoing("Hello")])
        #expect(await useCase.queuedComments(eventID: 2).isEmpty)
        #expect(await cache.items(in: list) == before)
    }

    @Test(
        "given queued comments, when the server is back and they are sent, then each is posted once, oldest first, on top of the cache, and leaves the outbox")
    func sendingTheQueue() async throws {
        let service = MockCommentsService.unimplemented(now: { AgoraEnvironment.testReferenceDate }) {
            $0.fetchComments = .fixtures
            $0.postComment = .fixtures
        }
        let useCase = makeUseCase(service)
        _ = try await useCase.fetchComments(eventID: 1, after: nil)
        try await outbox.add(outgoing("First", clientID: "a"))
        try await outbox.add(outgoing("Second", clientID: "b"))
        try await outbox.add(outgoing("Elsewhere", eventID: 2, clientID: "c"))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery.posted.keys.sorted() == ["a", "b"])
        #expect(delivery.rejected.isEmpty)
        #expect(delivery.stoppedBy == nil)
        #expect(await outbox.entries().map(\.id) == ["c"], "another event's comment waits for its own screen")
        #expect(await cache.items(in: list).prefix(2).map(\.body) == ["Second", "First"])
        let server = try await service.fetchComments(CommentsRequest(eventID: 1)).items.map(\.body)
        #expect(server.prefix(2) == ["Second", "First"])
    }

    @Test("given a queued comment and an unreachable server, when sent, then it stays queued and sending stops there")
    func sendingStopsWhenUnreachable() async throws {
        let useCase = makeUseCase { $0.postComment = .failure(.offline) }
        try await outbox.add(outgoing("First", clientID: "a"))
        try await outbox.add(outgoing("Second", clientID: "b"))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery == QueuedCommentsDelivery(stoppedBy: .offline))
        #expect(await outbox.entries().map(\.id) == ["a", "b"])
    }

    @Test("given a queued comment whose answer cannot be read, when sent, then it stays queued (the server may have it) and sending stops there")
    func sendingStopsWhenTheAnswerIsUnreadable() async throws {
        let useCase = makeUseCase { $0.postComment = .failure(.undecodable("not JSON")) }
        try await outbox.add(outgoing("First", clientID: "a"))
        try await outbox.add(outgoing("Second", clientID: "b"))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery == QueuedCommentsDelivery(stoppedBy: .undecodable("not JSON")))
        #expect(await outbox.entries().map(\.id) == ["a", "b"])
    }

    @Test("given a queued comment the server refuses (4xx), when sent, then it leaves the outbox as rejected and the next is still sent")
    func refusedQueuedCommentLeaves() async throws {
        let useCase = makeUseCase { $0.postComment = .failingOnce(with: .forbidden("post on a cancelled event")) }
        try await outbox.add(outgoing("Refused", clientID: "a"))
        try await outbox.add(outgoing("Taken", clientID: "b"))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery.rejected == ["a": .forbidden("post on a cancelled event")])
        #expect(delivery.posted["b"]?.body == "Taken")
        #expect(await outbox.entries().isEmpty)
    }

    @Test("given an expired session, when the queue is sent, then nothing leaves the outbox and the sending says why it stopped")
    func expiredSessionKeepsQueue() async throws {
        let useCase = makeUseCase { $0.postComment = .failure(.unauthorized) }
        try await outbox.add(outgoing("Later", clientID: "a"))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery.stoppedBy == .unauthorized)
        #expect(await outbox.entries().map(\.id) == ["a"])
    }

    @Test("given Bob's queued comment, when Alice's session sends the queue, then his is not sent as hers")
    func onlyTheAuthorsComments() async throws {
        let useCase = makeUseCase { _ in }
        try await outbox.add(outgoing("Bob's", clientID: "b", authorID: 2))

        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(delivery == QueuedCommentsDelivery())
        #expect(await outbox.entries().map(\.id) == ["b"])
    }

    @Test("given two sendings of the queue at once, then each comment is posted once")
    func sendingsDoNotOverlap() async throws {
        let gate = Gate()
        let service = MockCommentsService.unimplemented(now: { AgoraEnvironment.testReferenceDate }) {
            $0.fetchComments = .fixtures
            $0.postComment = .fixtures
        }
        let useCase = CommentsUseCase(service: HeldPosts(base: service, gate: gate), cache: cache, events: InMemoryListCache<Event>(), outbox: outbox)
        try await outbox.add(outgoing("Once", clientID: "a"))

        async let first = useCase.sendQueuedComments(eventID: 1, session: .demo())
        async let second = useCase.sendQueuedComments(eventID: 1, session: .demo())
        gate.open()
        let deliveries = await [first, second]

        #expect(deliveries.map(\.posted.count).sorted() == [0, 1], "the second found nothing left to send")
        let server = try await service.fetchComments(CommentsRequest(eventID: 1)).items.map(\.body)
        #expect(server.filter { $0 == "Once" }.count == 1)
    }

    @Test("given a post the server took but whose answer was lost, when the queue is sent, then the server answers the same comment: posted once")
    func lostAnswerPostsOnce() async throws {
        let service = MockCommentsService.unimplemented(now: { AgoraEnvironment.testReferenceDate }) {
            $0.fetchComments = .fixtures
            $0.postComment = .losingAnswerOnce(with: .offline)
        }
        let useCase = makeUseCase(service)

        let outcome = try await useCase.postComment(outgoing("Did it arrive?"), token: Session.demo().token)
        let delivery = await useCase.sendQueuedComments(eventID: 1, session: .demo())

        #expect(outcome == .queued(.offline))
        #expect(delivery.posted.count == 1)
        let server = try await service.fetchComments(CommentsRequest(eventID: 1)).items.map(\.body)
        #expect(server.filter { $0 == "Did it arrive?" }.count == 1)
    }

    @Test("discarding a queued comment takes it out of the outbox unsent")
    func discardQueued() async throws {
        let useCase = makeUseCase { _ in }
        try await outbox.add(outgoing("Never mind", clientID: "a"))

        await useCase.discardQueuedComment(id: "a")

        #expect(await useCase.queuedComments(eventID: 1).isEmpty)
    }

    @Test("given the session ended, when posting, then the comment is queued for the next login and the cache is as it was")
    func endedSessionQueues() async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.postComment = .failure(.unauthorized)
        }
        _ = try await useCase.fetchComments(eventID: 1, after: nil)
        let before = await cache.items(in: list)

        let outcome = try await useCase.postComment(outgoing("Hello"), token: Session.demo().token)

        #expect(outcome == .queued(.unauthorized))
        #expect(await outbox.entries() == [outgoing("Hello")])
        #expect(await cache.items(in: list) == before)
    }

    @Test("given a comment the server no longer has (an earlier delete whose answer was lost), when deleting it, then it is done and leaves the cache")
    func deletingWhatIsGoneSucceeds() async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.deleteComment = .failure(.notFound("comment 7"))
        }
        let page = try await useCase.fetchComments(eventID: 1, after: nil)
        let gone = page.items[CommentsFixtures.aliceRow]

        try await useCase.deleteComment(id: gone.id, token: Session.demo().token)

        #expect(await cache.item(id: gone.id) == nil)
        #expect(await cache.items(in: list).count == page.items.count - 1)
    }

    @Test("deleting removes the comment from the cache and the server; another's is forbidden and stays")
    func deleteWritesCache() async throws {
        let useCase = makeUseCase {
            $0.fetchComments = .fixtures
            $0.deleteComment = .fixtures
        }
        let page = try await useCase.fetchComments(eventID: 1, after: nil)
        let alices = page.items[CommentsFixtures.aliceRow]
        let bobs = page.items[0]

        try await useCase.deleteComment(id: alices.id, token: Session.demo().token)
        await #expect(throws: ServiceError.forbidden("delete another member's comment")) {
            try await useCase.deleteComment(id: bobs.id, token: Session.demo().token)
        }

        #expect(await cache.items(in: list).count == 19)
        #expect(await cache.item(id: alices.id) == nil)
        #expect(await cache.item(id: bobs.id) == bobs)
        let fresh = try await useCase.fetchComments(eventID: 1, after: nil)
        #expect(!fresh.items.contains { $0.id == alices.id })
    }

    @Test("the assembly registers one container-wide UseCase as each protocol, and validates")
    func assembly() throws {
        let container = Container()
        // Registered, never called: validating resolves the UseCase, which asks for nothing.
        let service = MockCommentsService.unimplemented()
        let cache = self.cache
        let outbox = self.outbox
        container.register((any ListCache<Comment>).self) { _ in cache }
        container.register((any ListCache<Event>).self) { _ in InMemoryListCache<Event>() }
        container.register((any Outbox<OutgoingComment>).self) { _ in outbox }
        CommentsAssembly().assemble(container: container)
        container.register((any CommentsService).self) { _ in service }

        try container.validate()
        let fetcher = try container.resolve((any CommentsFetchable).self)
        let loader = try container.resolve((any CommentsLoadable).self)
        let poster = try container.resolve((any CommentsPostable).self)
        let queue = try container.resolve((any CommentsQueueing).self)
        #expect(fetcher is CommentsUseCase)
        #expect(loader is CommentsUseCase)
        #expect(poster is CommentsUseCase)
        #expect(queue is CommentsUseCase)
    }
}

/// The comments an observation showed, in order.
@MainActor
private final class ShownComments {
    var values: [[Comment]] = []
}

/// A MockCommentsService whose posts wait at a gate: two sendings of the queue are both under way
/// before either reaches the server.
private struct HeldPosts: CommentsService {
    let base: MockCommentsService
    let gate: Gate

    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        await gate.wait()
        return try await base.postComment(draft, token: token)
    }

    func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> { try await base.fetchComments(request) }
    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) { try await base.deleteComment(id: id, token: token) }
}
