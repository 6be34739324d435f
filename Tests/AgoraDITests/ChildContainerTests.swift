import AgoraDI
import Testing

@Suite("Child containers")
struct ChildContainerTests {
    /// A parent whose greeter depends on its environment, registered with `scope`.
    private func makeParent(greeterScope scope: Scope) -> Container {
        let parent = Container()
        parent.register(AppEnvironment.self) { _ in AppEnvironment(name: "production") }
        parent.register(Greeter.self, scope: scope) { resolver in Greeter(environment: try resolver.resolve()) }
        return parent
    }

    @Test("Given a child overriding a registration, when resolving from each, then the child gets the override and the parent is unaffected")
    func childOverridesWithoutTouchingParent() throws {
        let parent = makeParent(greeterScope: .transient)
        let child = parent.makeChild { child in
            child.register(AppEnvironment.self) { _ in AppEnvironment(name: "test") }
        }

        #expect(try child.resolve(AppEnvironment.self).name == "test")
        #expect(try parent.resolve(AppEnvironment.self).name == "production")
    }

    @Test("Given a child without a registration, when resolving it, then it falls back to the parent")
    func childFallsBackToParent() throws {
        let parent = makeParent(greeterScope: .transient)
        let child = parent.makeChild()

        #expect(try child.resolve(AppEnvironment.self).name == "production")
    }

    @Test("Given a transient parent registration, when the child overrides its dependency, then resolving from the child uses the override")
    func transientParentRegistrationSeesChildOverride() throws {
        let parent = makeParent(greeterScope: .transient)
        let child = parent.makeChild { child in
            child.register(AppEnvironment.self) { _ in AppEnvironment(name: "test") }
        }

        #expect(try child.resolve(Greeter.self).environment.name == "test")
        #expect(try parent.resolve(Greeter.self).environment.name == "production")
    }

    @Test("Given a container-scoped parent registration, when the child overrides its dependency, then the shared instance keeps the parent's")
    func containerParentRegistrationIgnoresChildOverride() throws {
        let parent = makeParent(greeterScope: .container)
        let child = parent.makeChild { child in
            child.register(AppEnvironment.self) { _ in AppEnvironment(name: "test") }
        }

        let fromChild = try child.resolve(Greeter.self)

        #expect(fromChild.environment.name == "production")
        #expect(try parent.resolve(Greeter.self) === fromChild)
    }
}
