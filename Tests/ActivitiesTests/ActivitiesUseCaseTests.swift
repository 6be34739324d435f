import Activities
import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@Suite("Activities UseCase")
struct ActivitiesUseCaseTests {
    let cache = InMemoryListCache<Activity>()
    private let aliceFeed = MockData.test.activities(for: 1)

    @Test("fetching the first page replaces the user's cached feed; a further page appends to it")
    func fetchWritesCache() async throws {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }, cache: cache)
        await cache.replace("activities/1", with: [aliceFeed.last!])

        let first = try await useCase.fetchActivities(after: nil, session: Members.alice)
        #expect(first.items.map(\.id) == aliceFeed.prefix(20).map(\.id))
        #expect(await cache.items(in: "activities/1").map(\.id) == aliceFeed.prefix(20).map(\.id))

        _ = try await useCase.fetchActivities(after: first.nextCursor, session: Members.alice)
        #expect(await cache.items(in: "activities/1").map(\.id) == aliceFeed.prefix(40).map(\.id))
    }

    @Test("observing shows the user's cached feed with no request, and only that user's")
    @MainActor
    func observeShowsCache() async throws {
        // Every endpoint fails the test if asked: observing reads the cache alone.
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented(), cache: cache)
        await cache.replace("activities/1", with: Array(aliceFeed.prefix(3)))

        #expect(await shownIDs(useCase, userID: 1) == aliceFeed.prefix(3).map(\.id))
        #expect(await shownIDs(useCase, userID: 2).isEmpty)
    }

    @Test("given the feed observed, when pages are fetched, then each shows by the time its fetch returns")
    @MainActor
    func observeFollowsFetches() async throws {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }, cache: cache)
        let shown = ShownFeeds()
        let subscription = await useCase.cachedActivities(userID: 1).observe { shown.values.append($0.items.map(\.id)) }

        let first = try await useCase.fetchActivities(after: nil, session: Members.alice)
        _ = try await useCase.fetchActivities(after: first.nextCursor, session: Members.alice)

        #expect(shown.values == [[], aliceFeed.prefix(20).map(\.id), aliceFeed.prefix(40).map(\.id)])
        subscription.cancel()
    }

    @Test("given a feed fetched page after page, when followed, then it shows as the server gave it, newest first, with nothing sorted on the way")
    func followedInTheServersOrder() async throws {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }, cache: cache)
        let first = try await useCase.fetchActivities(after: nil, session: Members.alice)
        _ = try await useCase.fetchActivities(after: first.nextCursor, session: Members.alice)

        let shown = await shownIDs(useCase, userID: 1)

        #expect(shown == aliceFeed.prefix(40).map(\.id))
        let times = aliceFeed.prefix(40).map(\.occurredAt)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 >= $1 }, "the fixtures' feed is newest first")
    }

    @Test("each user's feed is cached under their own list")
    func listPerUser() async throws {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }, cache: cache)

        _ = try await useCase.fetchActivities(after: nil, session: Members.alice)
        _ = try await useCase.fetchActivities(after: nil, session: Members.frank)

        #expect(await cache.items(in: "activities/1").count == 20)
        #expect(await cache.items(in: "activities/6").isEmpty)
    }

    @Test("the request carries the session's token: an unknown token is refused")
    func usesToken() async {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }, cache: cache)
        let forged = Session(token: AccessToken("forged"), user: Members.alice.user)

        await #expect(throws: ServiceError.unauthorized) { try await useCase.fetchActivities(after: nil, session: forged) }
        #expect(await cache.items(in: "activities/1").isEmpty)
    }

    @Test("a failed fetch leaves the cache as it was and passes the error on")
    func failureKeepsCache() async {
        let useCase = ActivitiesUseCase(service: MockActivitiesService.unimplemented { $0.fetchActivities = .failure(.timeout) }, cache: cache)
        await cache.replace("activities/1", with: Array(aliceFeed.prefix(2)))

        await #expect(throws: ServiceError.timeout) { try await useCase.fetchActivities(after: nil, session: Members.alice) }
        #expect(await cache.items(in: "activities/1").map(\.id) == aliceFeed.prefix(2).map(\.id))
    }

    @Test("given a service whose pages overlap, the feed shows each activity once and the cache holds it once")
    @MainActor
    func overlappingServicePages() async {
        let feed = (0..<30).map { Activity.make(id: 500 + $0, minutesAgo: $0) }
        // The second page repeats the last five of the first, as when activity arrives between
        // two requests of an offset-paginated server.
        let service = MockActivitiesService.unimplemented {
            $0.fetchActivities = .handler { request in
                request.cursor == nil
                    ? .success(Page(items: Array(feed[0..<20]), nextCursor: "next"))
                    : .success(Page(items: Array(feed[15..<30]), nextCursor: nil))
            }
        }
        let useCase = ActivitiesUseCase(service: service, cache: cache)
        let viewModel = ActivitiesViewModel(
            dependency: .init(
                fetcher: useCase, loader: useCase, sessions: .test(Members.alice), environment: .test()
            ))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value.map(\.id) == Array(500..<530))
        #expect(viewModel.outputs.hasMorePages.value == false)
        #expect(await cache.items(in: "activities/1").map(\.id) == Array(500..<530))
    }

    /// The ids the first value of an observation of `userID`'s feed shows.
    @MainActor
    private func shownIDs(_ useCase: ActivitiesUseCase, userID: User.ID) async -> [Activity.ID] {
        let shown = ShownFeeds()
        let subscription = await useCase.cachedActivities(userID: userID).observe { shown.values.append($0.items.map(\.id)) }
        subscription.cancel()
        return shown.values.first ?? []
    }
}

/// The feeds an observation showed, in order.
@MainActor
private final class ShownFeeds {
    var values: [[Activity.ID]] = []
}
