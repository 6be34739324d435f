import AgoraDI
import Testing

@Suite("Scopes")
struct ScopeTests {
    @Test("Given a transient registration, when resolving twice, then each resolve gets a new instance")
    func transientCreatesNewInstances() throws {
        let runs = Counter()
        let container = Container()
        container.register(Session.self, scope: .transient) { _ in
            runs.increment()
            return Session()
        }

        let first = try container.resolve(Session.self)
        let second = try container.resolve(Session.self)

        #expect(first !== second)
        #expect(runs.value == 2)
    }

    @Test("Given a container-scoped registration, when resolving twice, then both get the one instance")
    func containerSharesOneInstance() throws {
        let runs = Counter()
        let container = Container()
        container.register(Session.self, scope: .container) { _ in
            runs.increment()
            return Session()
        }

        let first = try container.resolve(Session.self)
        let second = try container.resolve(Session.self)

        #expect(first === second)
        #expect(runs.value == 1)
    }

    @Test("Given container-scoped registrations of a protocol and of a value type, when resolving each twice, then each factory runs once")
    func containerSharesExistentialsAndValues() throws {
        // A shared instance is kept as `any Sendable` and cast back to the registered type:
        // an existential must come back as the same object, a value as the value made.
        let runs = Counter()
        let container = Container()
        container.register((any EventsFetchable).self, scope: .container) { _ in
            runs.increment()
            return LiveEventsFetcher()
        }
        container.register(Int.self, scope: .container) { _ in
            runs.increment()
            return runs.value * 100
        }

        let first = try container.resolve((any EventsFetchable).self)
        let second = try container.resolve((any EventsFetchable).self)
        let number = try container.resolve(Int.self)

        #expect(first as AnyObject === second as AnyObject)
        #expect(number == 200)
        #expect(try container.resolve(Int.self) == 200)
        #expect(runs.value == 2)
    }

    @Test("Given a resolved container-scoped instance, when the container goes away, then the instance is released with it")
    func containerReleasesItsInstance() throws {
        weak var released: Session?
        do {
            let container = Container()
            container.register(Session.self, scope: .container) { _ in Session() }
            released = try container.resolve(Session.self)
            #expect(released != nil)
        }

        #expect(released == nil)
    }

    @Test("Given a container-scoped factory that failed once, when resolving again, then it retries instead of caching the failure")
    func containerRetriesAfterFailure() throws {
        let runs = Counter()
        let container = Container()
        container.register(Session.self, scope: .container) { _ in
            runs.increment()
            if runs.value == 1 { throw NetworkError.offline }
            return Session()
        }

        #expect(throws: ResolutionError.self) { try container.resolve(Session.self) }
        let session = try container.resolve(Session.self)

        #expect(try container.resolve(Session.self) === session)
        #expect(runs.value == 2)
    }

    @Test("Given a weak registration, when held then released, then it is shared while held and recreated after release")
    func weakSharesWhileHeld() throws {
        let runs = Counter()
        let container = Container()
        container.register(Session.self, scope: .weak) { _ in
            runs.increment()
            return Session()
        }

        do {
            let held = try container.resolve(Session.self)
            let again = try container.resolve(Session.self)
            #expect(held === again)
            #expect(runs.value == 1)
        }
        // Both references went out of scope above, so the cached instance is gone.
        _ = try container.resolve(Session.self)

        #expect(runs.value == 2)
    }

    @Test("Given a weak registration of a value type, when resolving twice, then it behaves as transient")
    func weakValueTypeIsTransient() throws {
        let runs = Counter()
        let container = Container()
        container.register(Preferences.self, scope: .weak) { _ in
            runs.increment()
            return Preferences()
        }

        let first = try container.resolve(Preferences.self)
        let second = try container.resolve(Preferences.self)

        withExtendedLifetime((first, second)) {
            #expect(runs.value == 2)
        }
    }
}
