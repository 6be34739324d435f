import AgoraDI
import Testing

/// What the REPL's `container` and `resolve` read: registrations by assembly, whether each was
/// resolved, and one resolution step by step.
@Suite("Introspection")
struct IntrospectionTests {
    struct ServicesAssembly: Assembly {
        func assemble(container: Container) {
            container.register((any EventsFetchable).self, scope: .container) { _ in LiveEventsFetcher() }
        }
    }

    struct FeatureAssembly: Assembly {
        func assemble(container: Container) {
            container.register(EventsUseCase.self) { resolver in EventsUseCase(fetcher: try resolver.resolve()) }
            container.register(EventsListViewModel.self) { resolver in EventsListViewModel(useCase: try resolver.resolve()) }
        }
    }

    @Test("given two assemblies, when listed, then each registration names its assembly, and the assemblies their order")
    func registrationsByAssembly() {
        let container = Assembler([ServicesAssembly(), FeatureAssembly()]).container.makeChild { $0.register(Session.self) { _ in Session() } }

        let byType = Dictionary(uniqueKeysWithValues: container.registrationSummaries.map { ($0.key.description, $0) })

        #expect(container.appliedAssemblies == ["ServicesAssembly", "FeatureAssembly"])
        #expect(byType["EventsFetchable"]?.assembly == "ServicesAssembly")
        #expect(byType["EventsUseCase"]?.assembly == "FeatureAssembly")
        #expect(byType["Session"]?.assembly == nil)
        #expect(byType["Session"]?.isOwn == true)
        #expect(byType["EventsUseCase"]?.isOwn == false)
        #expect(byType["EventsFetchable"]?.scope == .container)
    }

    @Test("given nothing resolved, when one type is resolved, then it and its dependencies are marked resolved and nothing else")
    func resolvedMarks() throws {
        let container = Assembler([ServicesAssembly(), FeatureAssembly()]).container
        #expect(container.registrationSummaries.allSatisfy { !$0.isResolved })

        _ = try container.resolve(EventsUseCase.self)

        let resolved = Set(container.registrationSummaries.filter(\.isResolved).map(\.key.description))
        #expect(resolved == ["EventsUseCase", "EventsFetchable"])
    }

    @Test("given a graph of three, when resolved recorded, then the steps are its path depth first, new and shared told apart")
    func recordedResolution() throws {
        let container = Assembler([ServicesAssembly(), FeatureAssembly()]).container
        _ = try container.resolve((any EventsFetchable).self)
        let key = try #require(container.registeredKey(named: "EventsListViewModel"))

        let (steps, error) = container.resolveRecorded(key)

        #expect(error == nil)
        #expect(steps.map(\.key.description) == ["EventsListViewModel", "EventsUseCase", "EventsFetchable"])
        #expect(steps.map(\.depth) == [0, 1, 2])
        #expect(steps.map(\.madeNewInstance) == [true, true, false], "the fetcher was made before: shared")
        #expect(steps[0].duration >= steps[1].duration, "a step's time includes its dependencies'")
    }

    @Test("given a missing dependency, when resolved recorded, then the error names it and the steps up to it are kept")
    func recordedFailure() throws {
        let container = Assembler([FeatureAssembly()]).container
        let key = try #require(container.registeredKey(named: "EventsUseCase"))

        let (steps, error) = container.resolveRecorded(key)

        #expect(steps.map(\.key.description) == ["EventsUseCase"])
        #expect(error?.description.contains("EventsFetchable") == true)
    }

    @Test("given a type name with or without `any`, when looked up, then the registered key is found; an unknown name finds none")
    func keyByName() {
        let container = Assembler([ServicesAssembly()]).container
        #expect(container.registeredKey(named: "EventsFetchable") == ServiceKey((any EventsFetchable).self))
        #expect(container.registeredKey(named: "any EventsFetchable") == ServiceKey((any EventsFetchable).self))
        #expect(container.registeredKey(named: "Nothing") == nil)
    }

    @Test(
        "given a factory, an instance and a forwarding registration, when their lifetimes are described, then each says what a resolve hands out, the forwarding one through its target"
    )
    func lifetimes() {
        let container = Container()
        container.register(EventsUseCase.self, scope: .container) { _ in EventsUseCase(fetcher: LiveEventsFetcher()) }
        container.register((any EventsFetchable).self, forwardingTo: EventsUseCase.self) { $0.fetcher }
        container.register(Preferences.self, instance: Preferences())
        container.register(Session.self, scope: .weak) { _ in Session() }
        container.register(Greeter.self) { _ in Greeter(environment: AppEnvironment(name: "test")) }

        let lifetimes = Dictionary(uniqueKeysWithValues: container.registrationSummaries.map { ($0.key.description, container.lifetime(of: $0)) })

        #expect(lifetimes["EventsUseCase"] == "container")
        #expect(lifetimes["EventsFetchable"] == "as EventsUseCase (container)")
        #expect(lifetimes["Preferences"] == "instance")
        #expect(lifetimes["Session"] == "weak")
        #expect(lifetimes["Greeter"] == "transient")
    }
}
