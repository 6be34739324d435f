import Synchronization

/// A registration with its service type erased, so one dictionary can hold every service.
protocol AnyRegistration: AnyObject, Sendable {
    var key: ServiceKey { get }
    var scope: Scope { get }
    /// The assembly that registered it (`EventsAssembly`), or `nil` when registered directly.
    var assembly: String? { get }
    /// How many times its factory has run: whether it was resolved, and whether a resolve made
    /// a new instance.
    var factoryRuns: Int { get }

    /// An instance for the registration's scope, as an existential: for callers that know only the key.
    func erasedInstance(builder: Container, path: ResolutionContext?, recorder: ResolutionRecorder?) throws(ResolutionError) -> any Sendable
}

/// A factory, its scope and the instances that scope keeps.
///
/// Each `register` call creates a new registration, so re-registering a key also starts
/// with a fresh cache instead of handing out the instance of the factory it replaced.
final class Registration<Service: Sendable>: AnyRegistration {
    let key: ServiceKey
    let scope: Scope
    let assembly: String?
    /// Counted for `container`'s listing and `resolve`'s recording; relaxed, as nothing is
    /// ordered by it, and only a factory run (never a cached resolve) pays for it.
    private let runs = Atomic<Int>(0)
    private let factory: @Sendable (any Resolver) throws -> Service
    private let storage: InstanceStorage<Service>

    init(key: ServiceKey, scope: Scope, assembly: String?, factory: @escaping @Sendable (any Resolver) throws -> Service) {
        self.key = key
        self.scope = scope
        self.assembly = assembly
        self.factory = factory
        storage = InstanceStorage(for: scope)
    }

    /// An instance for the registration's scope; if one has to be made, the factory resolves
    /// its dependencies from `builder`, as a step of `path`.
    var factoryRuns: Int { runs.load(ordering: .relaxed) }

    func instance(builder: Container, path: ResolutionContext?, recorder: ResolutionRecorder? = nil) throws(ResolutionError) -> Service {
        // Transient registrations keep nothing: their factory runs at once, without the closure
        // and the storage's switch (this is unspecialised generic code, where each costs).
        guard scope.sharesInstances else { return try make(builder: builder, path: path, recorder: recorder) }
        return try storage.value { () throws(ResolutionError) -> Service in
            try make(builder: builder, path: path, recorder: recorder)
        }
    }

    func erasedInstance(builder: Container, path: ResolutionContext?, recorder: ResolutionRecorder?) throws(ResolutionError) -> any Sendable {
        try instance(builder: builder, path: path, recorder: recorder)
    }

    /// Runs the factory with a resolver for `builder` one step down `path`, turning whatever
    /// it throws into a ``ResolutionError``.
    private func make(builder: Container, path: ResolutionContext?, recorder: ResolutionRecorder?) throws(ResolutionError) -> Service {
        runs.add(1, ordering: .relaxed)
        do {
            return try factory(ResolutionContext(container: builder, key: key, parent: path, recorder: recorder ?? path?.recorder))
        } catch let error as ResolutionError {
            // Already names the key and path where resolution really failed; wrapping it
            // again would bury that under the key of every factory on the way out.
            throw error
        } catch {
            throw .factoryFailed(key, path: path.keys, message: String(describing: error))
        }
    }
}
