import AgoraDI
import Testing

/// A registration says what a resolve hands out: an instance registered as is, or another
/// registration's instance seen as another type, and listings read it.
@Suite("Provisions: instances and forwarding")
struct ProvisionTests {
    /// One object seen through a protocol, as a feature's UseCase is seen as its fetch side.
    protocol Fetching: Sendable {}
    final class Fetcher: Fetching {}

    @Test("given an instance registered as is, when resolved twice, then both are that instance and the listing says instance")
    func instanceRegistration() throws {
        let session = Session()
        let container = Container()
        container.register(Session.self, instance: session)

        let first = try container.resolve(Session.self)
        let second = try container.resolve(Session.self)

        #expect(first === session)
        #expect(second === session)
        #expect(container.registrationSummaries.first?.provision == .instance)
    }

    @Test("given a protocol forwarding to a container-scoped class, when resolved, then it is the class's one shared instance")
    func forwardingShares() throws {
        let container = Container()
        container.register(Fetcher.self, scope: .container) { _ in Fetcher() }
        container.register((any Fetching).self, forwardingTo: Fetcher.self) { $0 }

        let seenAsProtocol = try container.resolve((any Fetching).self)
        let seenAsClass = try container.resolve(Fetcher.self)

        #expect(seenAsProtocol as AnyObject === seenAsClass)
        let forwarding = try #require(container.registrationSummaries.first { $0.key == ServiceKey((any Fetching).self) })
        #expect(forwarding.provision == .forwarding(to: ServiceKey(Fetcher.self)))
    }

    @Test("given a forwarding registration, when resolved recorded, then its step names its target and the target's step follows it")
    func forwardingRecorded() throws {
        let container = Container()
        container.register(Fetcher.self, scope: .container) { _ in Fetcher() }
        container.register((any Fetching).self, forwardingTo: Fetcher.self) { $0 }
        _ = try container.resolve(Fetcher.self)

        let (steps, error) = container.resolveRecorded(ServiceKey((any Fetching).self))

        #expect(error == nil)
        #expect(steps.map(\.provision) == [.forwarding(to: ServiceKey(Fetcher.self)), .factory])
        #expect(steps.map(\.madeNewInstance) == [true, false], "the target's instance was made before: shared")
    }

    @Test("given a child overriding the target, when the parent's forwarding is resolved from the child, then it hands out the child's")
    func forwardingSeesOverrides() throws {
        let parent = Container()
        parent.register(Fetcher.self, scope: .container) { _ in Fetcher() }
        parent.register((any Fetching).self, forwardingTo: Fetcher.self) { $0 }
        let override = Fetcher()
        let child = parent.makeChild { $0.register(Fetcher.self, instance: override) }

        #expect(try child.resolve((any Fetching).self) as AnyObject === override)
        #expect(try parent.resolve((any Fetching).self) as AnyObject !== override)
    }
}
