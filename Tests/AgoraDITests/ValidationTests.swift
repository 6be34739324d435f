import AgoraDI
import Testing

@Suite("Validating a container")
struct ValidationTests {
    @Test("Given a complete graph across parent and child, when validating, then nothing is thrown")
    func completeGraphPasses() {
        let parent = Container()
        parent.register((any EventsFetchable).self, scope: .container) { _ in LiveEventsFetcher() }
        let child = parent.makeChild { child in
            child.registerEventsFeatureWithoutFetcher()
        }

        #expect(throws: Never.self) { try child.validate() }
    }

    @Test("Given a cycle and a missing registration, when validating, then one error lists each problem once")
    func brokenGraphListsEveryFailure() {
        let container = Container()
        container.registerEventsFeatureWithoutFetcher()
        container.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        container.register(Beta.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Beta()
        }

        let error = #expect(throws: ValidationError.self) { try container.validate() }

        // Beta's view of the cycle and the use case's view of the missing fetcher repeat
        // problems already listed, so they are left out.
        #expect(
            error?.failures == [
                .cycle([ServiceKey(Alpha.self), ServiceKey(Beta.self), ServiceKey(Alpha.self)]),
                .missingRegistration(
                    ServiceKey((any EventsFetchable).self),
                    path: [ServiceKey(EventsListViewModel.self), ServiceKey(EventsUseCase.self)]
                ),
            ])
        #expect(
            error?.description == """
                Dependency cycle: Alpha → Beta → Alpha
                No registration for EventsFetchable (resolving EventsListViewModel → EventsUseCase → EventsFetchable). \
                Register it in an Assembly, or check the name.
                """)
    }

    @Test("Given a parent registration overridden by a broken child one, when validating the child, then only the override is checked")
    func overriddenRegistrationValidatedOnce() {
        let parent = Container()
        parent.register((any APIClient).self) { _ in StubAPIClient(baseURL: "parent") }
        let child = parent.makeChild { child in
            child.register((any APIClient).self) { _ in throw NetworkError.offline }
        }

        let error = #expect(throws: ValidationError.self) { try child.validate() }

        #expect(error?.failures == [.factoryFailed(ServiceKey((any APIClient).self), path: [], message: "offline")])
        #expect(throws: Never.self) { try parent.validate() }
    }
}
