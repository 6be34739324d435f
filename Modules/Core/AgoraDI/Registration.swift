import Synchronization

/// A registration with its service type erased, so one table can hold every service: what a
/// lookup finds before the resolve that asked for it casts it back to its ``Registration``.
protocol AnyRegistration: AnyObject, Sendable {
    /// The key it is registered under.
    var key: ServiceKey { get }
    /// How long its instances live.
    var scope: Scope { get }
    /// Where its instances come from: its factory, an instance registered as is, or another registration.
    var provision: Provision { get }
    /// The assembly that registered it (`EventsAssembly`), or `nil` when registered directly.
    var assembly: String? { get }
    /// Whether it has been resolved: its factory ran at least once.
    var wasResolved: Bool { get }
    /// How many instances its factory made for a shared scope, which `resolve`'s recording
    /// compares before and after a step; `nil` for a transient registration, whose every
    /// resolve makes a new instance.
    var instancesMadeCount: Int? { get }

    /// An instance for the registration's scope, as `Requested`: the registration's own
    /// service type for a resolve, `any Sendable` for callers that know only the key
    /// (validation, recorded resolves). See ``Registration/instance(resolvingFrom:owner:path:recorder:)``.
    func instance<Requested: Sendable>(
        as requested: Requested.Type, resolvingFrom container: Container, owner: Container, path: ResolutionContext?,
        recorder: ResolutionRecorder?
    ) throws(ResolutionError) -> Requested
}

/// A factory, its scope and the instances that scope keeps.
///
/// Each `register` call creates a new registration, so re-registering a key also starts
/// with a fresh cache instead of handing out the instance of the factory it replaced.
///
/// It does not know the container it is registered in: a registration held by a container
/// and holding it back would be a reference cycle. The lookup that finds it says which
/// container holds it (`Container.registration(for:)`), and the resolve passes that along.
final class Registration<Service: Sendable>: AnyRegistration {
    let key: ServiceKey
    let scope: Scope
    let provision: Provision
    /// The assembly's type, named only when a listing asks (``assembly``): describing a type
    /// looks up its conformances, which at start, for every assembly, costs more than the
    /// registrations themselves.
    private let assemblyType: (any Assembly.Type)?
    private let factory: @Sendable (any Resolver) throws -> Service
    private let storage: InstanceStorage<Service>
    /// Whether its factory ever ran, for `container`'s listing. Read before it is written: a
    /// transient factory runs on every resolve, and the flag only ever goes from false to true,
    /// so racing writers agree and later runs leave the shared memory untouched.
    private let hasRun = Atomic<Bool>(false)
    /// How many instances its factory made for a shared scope (`.container`, `.weak`). Shared
    /// factories run rarely, so an exact count is cheap there; a transient one makes a new
    /// instance every time and is not counted.
    private let sharedInstancesMade = Atomic<Int>(0)

    init(
        key: ServiceKey, scope: Scope, provision: Provision, assembly: (any Assembly.Type)?,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) {
        self.key = key
        self.scope = scope
        self.provision = provision
        assemblyType = assembly
        self.factory = factory
        storage = InstanceStorage(for: scope)
    }

    var assembly: String? { assemblyType.map(Container.name(ofAssembly:)) }

    var wasResolved: Bool { hasRun.load(ordering: .relaxed) }

    var instancesMadeCount: Int? {
        scope.sharesInstances ? sharedInstancesMade.load(ordering: .relaxed) : nil
    }

    /// An instance for the registration's scope, asked for from `container` as a step of
    /// `path`; `owner` is the container that holds this registration (`container` itself or
    /// one of its parents). If one has to be made, the factory resolves its dependencies from
    /// the container the instance is built in: `owner` for a shared instance, so it cannot
    /// capture a child's overrides, and `container` for a transient one, so it does.
    func instance(
        resolvingFrom container: Container, owner: Container, path: ResolutionContext?, recorder: ResolutionRecorder?
    ) throws(ResolutionError) -> Service {
        // Transient registrations keep nothing: their factory runs at once, without the closure
        // and the storage's switch (this is unspecialised generic code, where each costs).
        guard scope.sharesInstances else { return try make(builder: container, path: path, recorder: recorder) }
        return try storage.value { () throws(ResolutionError) -> Service in
            try make(builder: owner, path: path, recorder: recorder)
        }
    }

    func instance<Requested: Sendable>(
        as requested: Requested.Type, resolvingFrom container: Container, owner: Container, path: ResolutionContext?,
        recorder: ResolutionRecorder?
    ) throws(ResolutionError) -> Requested {
        let service = try instance(resolvingFrom: container, owner: owner, path: path, recorder: recorder)
        // `register(_:name:scope:factory:)` files a `Registration<Service>` under
        // `ServiceKey(Service.self)`, and a metatype names exactly one type, so a resolve asks
        // for `Service` itself; validation asks for `any Sendable`, which every `Service` is.
        // The error only keeps a broken invariant from becoming a crash. Past the guard the
        // forced cast cannot fail, and unlike `as?` it makes no `Requested?`, whose metadata
        // unspecialised code would look up at run time on every resolve.
        guard Requested.self == Service.self || Requested.self == (any Sendable).self else {
            throw .factoryFailed(key, path: path.keys, message: "it made a \(Service.self), not a \(Requested.self)")
        }
        return service as! Requested
    }

    /// Runs the factory with a resolver for `builder` one step down `path`, turning whatever
    /// it throws into a ``ResolutionError``.
    private func make(builder: Container, path: ResolutionContext?, recorder: ResolutionRecorder?) throws(ResolutionError) -> Service {
        factoryWillRun()
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

    /// Notes that the factory is about to run.
    private func factoryWillRun() {
        if scope.sharesInstances {
            sharedInstancesMade.add(1, ordering: .relaxed)
        }
        if !hasRun.load(ordering: .relaxed) {
            hasRun.store(true, ordering: .relaxed)
        }
    }
}
