import AgoraDI
import Testing

@Suite("Reporting resolution failures")
struct ErrorReportingTests {
    @Test("Given a missing data source under a use case, when resolving the view model, then the error names the type and the full path")
    func missingRegistrationNamesPath() {
        let container = Container()
        container.registerEventsFeatureWithoutFetcher()

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(EventsListViewModel.self)
        }

        #expect(
            error
                == .missingRegistration(
                    ServiceKey((any EventsFetchable).self),
                    path: [ServiceKey(EventsListViewModel.self), ServiceKey(EventsUseCase.self)]
                ))
        #expect(
            error?.description == """
                No registration for EventsFetchable (resolving EventsListViewModel → EventsUseCase → EventsFetchable). \
                Register it in an Assembly, or check the name.
                """)
    }

    @Test("Given only an unnamed registration, when resolving a named one directly, then the error names the key without a path")
    func missingNamedRegistration() {
        let container = Container()
        container.register((any APIClient).self) { _ in StubAPIClient(baseURL: "default") }

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve((any APIClient).self, name: "live")
        }

        #expect(
            error?.description == """
                No registration for APIClient(name: "live"). Register it in an Assembly, or check the name.
                """)
    }

    @Test("Given A needs B and B needs A, when resolving A, then a cycle naming A → B → A is thrown")
    func twoStepCycle() {
        let container = Container()
        container.register(Alpha.self) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        container.register(Beta.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Beta()
        }

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(Alpha.self)
        }

        #expect(error == .cycle([ServiceKey(Alpha.self), ServiceKey(Beta.self), ServiceKey(Alpha.self)]))
        #expect(error?.description == "Dependency cycle: Alpha → Beta → Alpha")
    }

    @Test("Given a container-scoped 3-cycle entered from outside it, when resolving, then only the loop is named, in order")
    func threeStepCycle() {
        let container = Container()
        container.register(Session.self) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Session()
        }
        container.register(Alpha.self, scope: .container) { resolver in
            _ = try resolver.resolve(Beta.self)
            return Alpha()
        }
        container.register(Beta.self, scope: .container) { resolver in
            _ = try resolver.resolve(Gamma.self)
            return Beta()
        }
        container.register(Gamma.self, scope: .container) { resolver in
            _ = try resolver.resolve(Alpha.self)
            return Gamma()
        }

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(Session.self)
        }

        #expect(error?.description == "Dependency cycle: Alpha → Beta → Gamma → Alpha")
    }

    @Test("Given 100 names of one type, each needing the next, when resolving the first, then no cycle is reported though every key shares a filter bit")
    func namedChainIsNoCycle() throws {
        // Keys of one type pick the same bit of the path's filter, so every check on this path
        // falls through to the exact walk, which must tell the names apart.
        let container = Container()
        for index in 0..<100 {
            container.register(Int.self, name: "step \(index)") { resolver in
                index == 99 ? index : try resolver.resolve(Int.self, name: "step \(index + 1)")
            }
        }

        #expect(try container.resolve(Int.self, name: "step 0") == 99)
    }

    @Test("Given names of one type in a loop deep inside a chain, when resolving, then only the loop is named")
    func namedCycleIsFound() {
        let container = Container()
        for index in 0..<70 {
            // step 69 asks for step 60 again.
            let next = index == 69 ? 60 : index + 1
            container.register(Int.self, name: "step \(index)") { resolver in
                try resolver.resolve(Int.self, name: "step \(next)")
            }
        }

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(Int.self, name: "step 0")
        }

        let loop = [60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 60].map { ServiceKey(Int.self, name: "step \($0)") }
        #expect(error == .cycle(loop))
    }

    @Test("Given a factory that throws its own error, when resolving through it, then it is wrapped as factoryFailed with key and path")
    func customErrorIsWrapped() {
        let container = Container()
        container.register(Session.self) { resolver in
            _ = try resolver.resolve((any APIClient).self)
            return Session()
        }
        container.register((any APIClient).self) { _ in throw NetworkError.offline }

        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(Session.self)
        }

        #expect(
            error
                == .factoryFailed(
                    ServiceKey((any APIClient).self),
                    path: [ServiceKey(Session.self)],
                    message: "offline"
                ))
        #expect(error?.description == "Factory for APIClient failed (resolving Session → APIClient): offline")
    }
}
