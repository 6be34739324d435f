import AgoraDI
import Synchronization
import Testing

@Suite("Resolving registrations")
struct ResolutionTests {
    @Test("Given a registered graph, when resolving its root, then every dependency is built")
    func resolvesRegisteredService() throws {
        let container = Container()
        container.registerEventsFeatureWithoutFetcher()
        container.register((any EventsFetchable).self) { _ in LiveEventsFetcher() }

        let viewModel: EventsListViewModel = try container.resolve()

        #expect(viewModel.useCase.fetcher is LiveEventsFetcher)
    }

    @Test("Given a nested factory that keeps its resolver, when it resolves after the outer resolve ended, then it still resolves and still sees its path")
    func keptResolverOutlivesItsResolve() throws {
        // The kept resolver's path (Alpha → Beta) must stay alive after `resolve(Alpha.self)`
        // returned: its contexts hold their parents.
        let kept = Mutex<(any Resolver)?>(nil)
        let container = Container()
        container.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        container.register(Beta.self) { resolver in
            kept.withLock { $0 = resolver }
            return Beta()
        }
        container.register(Gamma.self) { _ in Gamma() }
        _ = try container.resolve(Alpha.self)
        let resolver = try #require(kept.withLock { $0 })

        #expect(throws: Never.self) { try resolver.resolve(Gamma.self) }
        let error = #expect(throws: ResolutionError.self) { try resolver.resolve(Alpha.self) }
        #expect(error == .cycle([ServiceKey(Alpha.self), ServiceKey(Beta.self), ServiceKey(Alpha.self)]))
    }

    @Test("Given registrations under different names, when resolving each name, then each gets its own factory")
    func namedRegistrationsAreDistinct() throws {
        let container = Container()
        container.register((any APIClient).self) { _ in StubAPIClient(baseURL: "default") }
        container.register((any APIClient).self, name: "live") { _ in StubAPIClient(baseURL: "live") }
        container.register((any APIClient).self, name: "stub") { _ in StubAPIClient(baseURL: "stub") }

        #expect(try container.resolve((any APIClient).self).baseURL == "default")
        #expect(try container.resolve((any APIClient).self, name: "live").baseURL == "live")
        #expect(try container.resolve((any APIClient).self, name: "stub").baseURL == "stub")
    }

    @Test("Given two registrations for one key, when resolving, then the last one wins")
    func lastRegistrationWins() throws {
        let container = Container()
        container.register((any APIClient).self) { _ in StubAPIClient(baseURL: "first") }
        container.register((any APIClient).self) { _ in StubAPIClient(baseURL: "second") }

        #expect(try container.resolve((any APIClient).self).baseURL == "second")
        #expect(container.registrations == [ServiceKey((any APIClient).self)])
    }

    @Test("Given registrations in parent and child, then registrations lists each visible key once, sorted")
    func registrationsAreSortedAndDeduplicated() {
        let parent = Container()
        parent.register(Session.self) { _ in Session() }
        parent.register((any APIClient).self) { _ in StubAPIClient(baseURL: "parent") }
        let child = parent.makeChild { child in
            child.register((any APIClient).self) { _ in StubAPIClient(baseURL: "child") }
            child.register((any APIClient).self, name: "live") { _ in StubAPIClient(baseURL: "live") }
        }

        #expect(child.registrations.map(\.description) == ["APIClient", "APIClient(name: \"live\")", "Session"])
    }
}
