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
    let list = "events/1/comments"

    func makeUseCase(_ service: MockService = MockService(data: .test, now: { AgoraEnvironment.testReferenceDate })) -> CommentsUseCase {
        CommentsUseCase(service: service, cache: cache)
    }

    @Test("the cache list of an event's comments is named like its route")
    func listName() {
        #expect(CommentsUseCase.list(eventID: 42) == "events/42/comments")
    }

    @Test("fetching the first page replaces the cached list; the next page, by its cursor, appends")
    func fetchWritesCache() async throws {
        let useCase = makeUseCase()
        let stale = try #require(MockData.test.comment(id: 10_000_005))
        await cache.replace(list, with: [stale])

        let first = try await useCase.fetchComments(eventID: 1, after: nil)
        #expect(await cache.items(in: list).map(\.id) == first.items.map(\.id))
        #expect(first.items.first?.id == 10_001_200, "newest first")

        let second = try await useCase.fetchComments(eventID: 1, after: first.nextCursor)
        #expect(await cache.items(in: list).map(\.id) == (first.items + second.items).map(\.id))
        #expect(second.items.first?.id == 10_001_180, "keyset: right after the first page's last comment")
    }

    @Test("loading reads the cached list with no request, and only that event's")
    func loadReadsCacheOnly() async throws {
        let useCase = makeUseCase(MockService(data: .test, fetchComments: .failure(.offline)))
        let cached = Array(CommentsFixtures.firstPage().items.prefix(2))
        await cache.replace(list, with: cached)

        #expect(await useCase.loadComments(eventID: 1) == cached)
        #expect(await useCase.loadComments(eventID: 2).isEmpty)
    }

    @Test("a failed fetch passes the error on and leaves the cache as it was")
    func failedFetchKeepsCache() async {
        let useCase = makeUseCase(MockService(data: .test, fetchComments: .failure(.timeout)))
        let cached = Array(CommentsFixtures.firstPage().items.prefix(2))
        await cache.replace(list, with: cached)

        await #expect(throws: ServiceError.timeout) { try await useCase.fetchComments(eventID: 1, after: nil) }
        #expect(await cache.items(in: list) == cached)
    }

    @Test("posting puts the server's comment on top of the cached list, and the server lists it first")
    func postWritesCache() async throws {
        let useCase = makeUseCase()
        let first = try await useCase.fetchComments(eventID: 1, after: nil)

        let comment = try await useCase.postComment(CommentDraft(eventID: 1, body: "  Hello  "), token: Session.demo().token)

        #expect(comment.body == "Hello")
        #expect(comment.author.id == 1)
        #expect(await cache.items(in: list).map(\.id) == [comment.id] + first.items.map(\.id))
        let fresh = try await useCase.fetchComments(eventID: 1, after: nil)
        #expect(fresh.items.first == comment)
    }

    @Test("a refused post passes the error on and leaves the cache as it was")
    func failedPostKeepsCache() async throws {
        let useCase = makeUseCase(MockService(data: .test, postComment: .failure(.offline)))
        _ = try await useCase.fetchComments(eventID: 1, after: nil)
        let before = await cache.items(in: list)

        await #expect(throws: ServiceError.offline) {
            try await useCase.postComment(CommentDraft(eventID: 1, body: "Hello"), token: Session.demo().token)
        }
        #expect(await cache.items(in: list) == before)
    }

    @Test("deleting removes the comment from the cache and the server; another's is forbidden and stays")
    func deleteWritesCache() async throws {
        let useCase = makeUseCase()
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
        let service = MockService(data: .test)
        let cache = self.cache
        container.register((any ServiceType).self) { _ in service }
        container.register((any ListCache<Comment>).self) { _ in cache }
        CommentsAssembly().assemble(container: container)

        try container.validate()
        let fetcher = try container.resolve((any CommentsFetchable).self)
        let loader = try container.resolve((any CommentsLoadable).self)
        let poster = try container.resolve((any CommentsPostable).self)
        #expect(fetcher is CommentsUseCase)
        #expect(loader is CommentsUseCase)
        #expect(poster is CommentsUseCase)
    }
}
