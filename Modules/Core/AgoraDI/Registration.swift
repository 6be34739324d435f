/// A registration with its service type erased, so one dictionary can hold every service.
protocol AnyRegistration: AnyObject, Sendable {
    var key: ServiceKey { get }
    var scope: Scope { get }

    /// An instance for the registration's scope, as an existential: for callers that know only the key.
    func erasedInstance(builder: Container, path: ResolutionContext?) throws(ResolutionError) -> any Sendable
}

/// A factory, its scope and the instances that scope keeps.
///
/// Each `register` call creates a new registration, so re-registering a key also starts
/// with a fresh cache instead of handing out the instance of the factory it replaced.
final class Registration<Service: Sendable>: AnyRegistration {
    let key: ServiceKey
    let scope: Scope
    private let factory: @Sendable (any Resolver) throws -> Service
    private let storage: InstanceStorage<Service>

    init(key: ServiceKey, scope: Scope, factory: @escaping @Sendable (any Resolver) throws -> Service) {
        self.key = key
        self.scope = scope
        self.factory = factory
        storage = InstanceStorage(for: scope)
    }

    /// An instance for the registration's scope; if one has to be made, the factory resolves
    /// its dependencies from `builder`, as a step of `path`.
    func instance(builder: Container, path: ResolutionContext?) throws(ResolutionError) -> Service {
        // Transient registrations keep nothing: their factory runs at once, without the closure
        // and the storage's switch (this is unspecialised generic code, where each costs).
        guard scope.sharesInstances else { return try make(builder: builder, path: path) }
        return try storage.value { () throws(ResolutionError) -> Service in
            try make(builder: builder, path: path)
        }
    }

    func erasedInstance(builder: Container, path: ResolutionContext?) throws(ResolutionError) -> any Sendable {
        try instance(builder: builder, path: path)
    }

    /// Runs the factory with a resolver for `builder` one step down `path`, turning whatever
    /// it throws into a ``ResolutionError``.
    private func make(builder: Container, path: ResolutionContext?) throws(ResolutionError) -> Service {
        do {
            return try factory(ResolutionContext(container: builder, key: key, parent: path))
        } catch let error as ResolutionError {
            // Already names the key and path where resolution really failed; wrapping it
            // again would bury that under the key of every factory on the way out.
            throw error
        } catch {
            throw .factoryFailed(key, path: path.keys, message: String(describing: error))
        }
    }
}
