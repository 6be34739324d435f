/// A registration with its service type erased, so one dictionary can hold every service.
protocol AnyRegistration: AnyObject, Sendable {
    var scope: Scope { get }

    /// An instance for the registration's scope, as an existential: for callers that know only the key.
    func erasedInstance(builder: Container, path: ResolutionPath?) throws(ResolutionError) -> any Sendable
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
    func instance(builder: Container, path: ResolutionPath?) throws(ResolutionError) -> Service {
        try storage.value { () throws(ResolutionError) -> Service in
            try make(with: ResolutionContext(container: builder, path: ResolutionPath(key, parent: path)))
        }
    }

    func erasedInstance(builder: Container, path: ResolutionPath?) throws(ResolutionError) -> any Sendable {
        try instance(builder: builder, path: path)
    }

    /// Runs the factory, turning whatever it throws into a ``ResolutionError``.
    private func make(with context: ResolutionContext) throws(ResolutionError) -> Service {
        do {
            return try factory(context)
        } catch let error as ResolutionError {
            // Already names the key and path where resolution really failed; wrapping it
            // again would bury that under the key of every factory on the way out.
            throw error
        } catch {
            throw .factoryFailed(key, path: context.path.parent.keys, message: String(describing: error))
        }
    }
}
