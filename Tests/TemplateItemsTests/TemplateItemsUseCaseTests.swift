import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import TemplateItems
import Testing

@MainActor
@Suite("Template items UseCase")
struct TemplateItemsUseCaseTests {
    let cache = InMemoryListCache<TemplateItem>()
    let fixtures = TemplateItemsFetcherSpy.fixtures()
    let service = MockTemplateItemsService(mock: MockService(data: .test))

    @Test(
        "given a stale cache followed by the screen, when the first page is fetched, then it replaces the cached list; a further page appends; the screen sees each"
    )
    func fetchWritesWhatTheScreenFollows() async throws {
        let useCase = TemplateItemsUseCase(service: service, cache: cache)
        let stale = fixtures[fixtures.count - 1]
        await cache.replace("template-items", with: [stale])
        let changes = SignalSource<[TemplateItem.ID]>()
        let seen = Recorder(changes.signal)

        let subscription = await useCase.cachedTemplateItems().observe { changes.send($0.items.map(\.id)) }
        seen.assertValues([[stale.id]], "the cached list, before observing returns")

        let first = try await useCase.fetchTemplateItems(after: nil)
        _ = try await useCase.fetchTemplateItems(after: first.nextCursor)

        seen.assertValues([[stale.id], fixtures.prefix(20).map(\.id), fixtures.map(\.id)])
        subscription.cancel()
    }

    @Test("given the subscription cancelled, when a page is fetched, then the screen is not told")
    func cancelledSubscriptionStops() async throws {
        let useCase = TemplateItemsUseCase(service: service, cache: cache)
        let changes = SignalSource<[TemplateItem.ID]>()
        let seen = Recorder(changes.signal)
        let subscription = await useCase.cachedTemplateItems().observe { changes.send($0.items.map(\.id)) }

        subscription.cancel()
        _ = try await useCase.fetchTemplateItems(after: nil)

        seen.assertValues([[]], "only the empty cache it started with")
    }

    @Test("given a cached list, when a fetch's task was cancelled meanwhile (a refresh replaced it), then the page is answered but the cache is kept")
    func cancelledFetchKeepsCache() async throws {
        let useCase = TemplateItemsUseCase(service: service, cache: cache)
        await cache.replace("template-items", with: Array(fixtures.prefix(2)))

        let fetch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await useCase.fetchTemplateItems(after: nil)
        }
        let page = try await fetch.value

        #expect(page.items.count == 20, "the page is still answered")
        #expect(await cache.items(in: "template-items").map(\.id) == fixtures.prefix(2).map(\.id))
    }

    @Test("given a cached list, when a fetch fails, then the cache is kept and the error is passed on")
    func failureKeepsCache() async {
        let useCase = TemplateItemsUseCase(service: service, cache: cache)
        await cache.replace("template-items", with: Array(fixtures.prefix(2)))

        await #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
            try await useCase.fetchTemplateItems(after: "not-a-cursor")
        }
        #expect(await cache.items(in: "template-items").map(\.id) == fixtures.prefix(2).map(\.id))
    }
}
