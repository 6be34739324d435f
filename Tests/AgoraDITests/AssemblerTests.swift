import AgoraDI
import Testing

private struct EventsAssembly: Assembly {
    func assemble(container: Container) {
        container.registerEventsFeatureWithoutFetcher()
        container.register((any EventsFetchable).self) { _ in LiveEventsFetcher() }
    }
}

private struct NetworkAssembly: Assembly {
    let baseURL: String

    func assemble(container: Container) {
        container.register((any APIClient).self) { _ in StubAPIClient(baseURL: baseURL) }
    }
}

@Suite("Assembling containers")
struct AssemblerTests {
    @Test("Given assemblies, when assembled, then the resolver resolves what they registered")
    func assembliesRegister() throws {
        let assembler = Assembler([EventsAssembly(), NetworkAssembly(baseURL: "live")])

        let viewModel = try assembler.resolver.resolve(EventsListViewModel.self)

        #expect(viewModel.useCase.fetcher is LiveEventsFetcher)
        #expect(try assembler.resolver.resolve((any APIClient).self).baseURL == "live")
    }

    @Test("Given two assemblies registering one key, when assembled, then the later one wins, also when applied afterwards")
    func laterAssemblyOverridesEarlier() throws {
        let assembler = Assembler([NetworkAssembly(baseURL: "live"), NetworkAssembly(baseURL: "staging")])
        #expect(try assembler.resolver.resolve((any APIClient).self).baseURL == "staging")

        assembler.apply([NetworkAssembly(baseURL: "demo")])

        #expect(try assembler.resolver.resolve((any APIClient).self).baseURL == "demo")
    }

    @Test("Given a feature assembler with an app parent, when resolving a service only the app registers, then it falls back to the parent")
    func assemblerFallsBackToParent() throws {
        let app = Assembler([NetworkAssembly(baseURL: "live")])
        let feature = Assembler([EventsAssembly()], parent: app.container)

        #expect(try feature.resolver.resolve((any APIClient).self).baseURL == "live")
        #expect(throws: ResolutionError.self) { try app.resolver.resolve(EventsListViewModel.self) }
    }
}
