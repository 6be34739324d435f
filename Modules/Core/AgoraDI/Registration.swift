import Synchronization

/// A registration with its service type erased, so one table can hold every service: what a
/// lookup finds before the resolve that asked for it casts it back to its ``Registration``.
///
/// A base class rather than a protocol: a resolve reads its scope and owner as plain loads at
/// fixed offsets, where an existential's were calls through a witness table, and casts it to
/// its ``Registration`` without unwrapping one.
///
/// `@unchecked` because only final classes can be checked `Sendable`: every stored property is a
/// `let` of a `Sendable` type or an `Atomic`, the `unowned(unsafe)` owner included (see
/// ``owner``), and its one subclass adds only `let`s of `Sendable` types.
class AnyRegistration: @unchecked Sendable {
    /// The key it is registered under.
    let key: ServiceKey
    /// How long its instances live.
    let scope: Scope
    /// The assembly that registered it (`EventsAssembly`), or `nil` when registered directly.
    let assembly: String?
    /// The container it is registered in, where its shared instances are built.
    ///
    /// Not retained, as the container holds its registrations: a strong reference would be a
    /// cycle. Safe because a registration is only used by a resolve that found it through its
    /// owner, asked directly or through a child container (which holds its parent): whoever
    /// called `resolve` holds that container, and so the owner, until the resolve returns.
    unowned(unsafe) let owner: Container
    /// Whether its factory ever ran, for `container`'s listing. Set by a relaxed load and store
    /// rather than an atomic read-modify-write: a transient factory runs on every resolve, and
    /// the flag only ever goes from false to true, so racing writers agree.
    private let hasRun = Atomic<Bool>(false)
    /// How many instances its factory made for a shared scope (`.container`, `.weak`), which
    /// `resolve`'s recording compares before and after a step. Shared factories run rarely, so
    /// an exact count is cheap there; a transient one makes a new instance every time.
    private let sharedInstancesMade = Atomic<Int>(0)

    fileprivate init(key: ServiceKey, scope: Scope, assembly: String?, owner: Container) {
        self.key = key
        self.scope = scope
        self.assembly = assembly
        self.owner = owner
    }

    /// Whether it has been resolved: its factory ran at least once.
    final var wasResolved: Bool { hasRun.load(ordering: .relaxed) }

    /// How many instances its factory made for a shared scope, which `resolve`'s recording
    /// compares before and after a step; `nil` for a transient registration, whose every
    /// resolve makes a new instance.
    final var instancesMadeCount: Int? {
        scope.sharesInstances ? sharedInstancesMade.load(ordering: .relaxed) : nil
    }

    /// Notes that the factory is about to run.
    final func factoryWillRun() {
        if scope.sharesInstances {
            sharedInstancesMade.add(1, ordering: .relaxed)
        }
        if !hasRun.load(ordering: .relaxed) {
            hasRun.store(true, ordering: .relaxed)
        }
    }

    /// An instance for the registration's scope, as an existential: for callers that know only
    /// the key (validation, recorded resolves). ``Registration`` overrides it; nothing else
    /// derives from this class.
    func erasedInstance(resolvingFrom container: Container, path: ResolutionContext?, recorder: ResolutionRecorder?) throws(ResolutionError) -> any Sendable {
        preconditionFailure("AnyRegistration is only ever a Registration<Service>")
    }
}

/// A factory, its scope and the instances that scope keeps.
///
/// Each `register` call creates a new registration, so re-registering a key also starts
/// with a fresh cache instead of handing out the instance of the factory it replaced.
///
/// `@unchecked` only restates `AnyRegistration`'s conformance, as Swift requires: it adds two
/// `let`s, a `Sendable` factory and an ``InstanceStorage``, itself `Sendable`.
final class Registration<Service: Sendable>: AnyRegistration, @unchecked Sendable {
    private let factory: @Sendable (any Resolver) throws -> Service
    private let storage: InstanceStorage<Service>

    init(key: ServiceKey, scope: Scope, assembly: String?, owner: Container, factory: @escaping @Sendable (any Resolver) throws -> Service) {
        self.factory = factory
        storage = InstanceStorage(for: scope)
        super.init(key: key, scope: scope, assembly: assembly, owner: owner)
    }

    /// An instance for the registration's scope, asked for from `container` as a step of
    /// `path`. If one has to be made, the factory resolves its dependencies from the container
    /// the instance is built in: its ``owner`` for a shared instance, so it cannot capture a
    /// child's overrides, and `container` for a transient one, so it does.
    func instance(resolvingFrom container: Container, path: ResolutionContext?, recorder: ResolutionRecorder? = nil) throws(ResolutionError) -> Service {
        // Transient registrations keep nothing: their factory runs at once, without the closure
        // and the storage's switch (this is unspecialised generic code, where each costs).
        guard scope.sharesInstances else { return try make(builder: container, path: path, recorder: recorder) }
        return try storage.value { () throws(ResolutionError) -> Service in
            try make(builder: owner, path: path, recorder: recorder)
        }
    }

    override func erasedInstance(
        resolvingFrom container: Container, path: ResolutionContext?, recorder: ResolutionRecorder?
    ) throws(ResolutionError) -> any Sendable {
        try instance(resolvingFrom: container, path: path, recorder: recorder)
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
}
