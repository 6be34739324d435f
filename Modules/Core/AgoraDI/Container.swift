import Synchronization

/// Registers factories for services and resolves them, safely from any task or thread.
///
/// ```swift
/// let container = Container()
/// container.register((any EventsFetchable).self) { _ in LiveEventsFetcher() }
/// container.register(EventsUseCase.self) { resolver in
///     EventsUseCase(fetcher: try resolver.resolve())
/// }
/// let useCase = try container.resolve(EventsUseCase.self)
/// ```
///
/// ## Parents and children
///
/// A container created with a parent, usually through ``makeChild(_:)``, looks up keys in its
/// own registrations first and falls back to its parent's. Where a registration's dependencies
/// come from depends on its scope:
///
/// - A ``Scope/transient`` registration found in a parent resolves its dependencies through the
///   child that was asked, so the child's overrides apply to it.
/// - A ``Scope/container`` (or ``Scope/weak``) registration found in a parent is created and
///   cached in the parent and resolves its dependencies there, so a shared instance never
///   captures one child's overrides.
///
/// ## Concurrency
///
/// Registrations are guarded by a mutex that is never held while a factory runs. The only
/// lock held during a factory is the one that makes a container-scoped instance exactly-once.
public final class Container: Resolver {
    /// The container that lookups fall back to, or `nil` for a root container.
    public let parent: Container?

    /// This container's own registrations. Guarded because registering and resolving may
    /// happen on any thread; held only for dictionary access, never while a factory runs.
    private let ownRegistrations = Mutex(RegistrationTable())
    /// The assembly whose `assemble` is running (``Assembler``), so each registration knows
    /// where it came from for the `container` listing.
    private let assemblyBeingApplied = Mutex<(any Assembly.Type)?>(nil)
    /// The assemblies applied to this container, in order, named when listed.
    private let ownAssemblies = Mutex<[any Assembly.Type]>([])

    /// Creates an empty container.
    ///
    /// - Parameter parent: The container to fall back to for keys this one does not register.
    public init(parent: Container? = nil) {
        self.parent = parent
    }

    /// Registers `factory` for `type` under `name`, replacing any earlier registration for that key.
    ///
    /// `Service` must be `Sendable` because container-scoped and weak instances are handed to
    /// every task that resolves them. Protocol existentials whose protocol refines `Sendable`,
    /// immutable final classes, actors and `@MainActor` classes all qualify.
    ///
    /// The factory receives a resolver for its dependencies; use it only while the factory runs.
    /// Throwing a ``ResolutionError`` passes it on unchanged; any other error is reported as
    /// ``ResolutionError/factoryFailed(_:path:message:)``.
    ///
    /// - Parameters:
    ///   - type: The type callers resolve, for example `(any EventsFetchable).self`.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - scope: How long instances live and who shares them.
    ///   - factory: Creates an instance, resolving its dependencies from the given resolver.
    public func register<Service: Sendable>(
        _ type: Service.Type,
        name: String? = nil,
        scope: Scope = .transient,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) {
        add(ServiceKey(type, name: name), scope: scope, provision: .factory, factory: factory)
    }

    /// Files a registration for `key`, labelled with the assembly being applied, replacing any
    /// earlier registration for that key.
    func add<Service: Sendable>(
        _ key: ServiceKey, scope: Scope, provision: Provision, factory: @escaping @Sendable (any Resolver) throws -> Service
    ) {
        let registration = Registration(
            key: key, scope: scope, provision: provision, assembly: assemblyBeingApplied.withLock { $0 }, factory: factory)
        ownRegistrations.withLock { $0[key] = registration }
    }

    /// A child container: registrations made in it override the parent's; everything else falls back to the parent.
    ///
    /// Use it to swap a few services for tests, previews or a mode switch without touching the
    /// app's container. See ``Container`` for how scopes decide whether a parent's registration
    /// sees the child's overrides.
    ///
    /// - Parameter configure: Registers the child's overrides.
    /// - Returns: The configured child.
    public func makeChild(_ configure: (Container) -> Void = { _ in }) -> Container {
        let child = Container(parent: self)
        configure(child)
        return child
    }

    /// The keys visible from this container, its own and its parents', each once, sorted for stable output.
    public var registrations: [ServiceKey] {
        visibleRegistrations().keys.sorted(by: ServiceKey.displayOrder)
    }

    /// Runs `assembly` on this container, its registrations labelled with its type.
    func apply(_ assembly: any Assembly) {
        let assemblyType = type(of: assembly)
        ownAssemblies.withLock { $0.append(assemblyType) }
        assemblyBeingApplied.withLock { $0 = assemblyType }
        defer { assemblyBeingApplied.withLock { $0 = nil } }
        assembly.assemble(container: self)
    }

    /// The names of the assemblies applied to this container's parents, then to it, in order
    /// (`Assembler`), for listings grouped by assembly.
    public var appliedAssemblies: [String] {
        (parent?.appliedAssemblies ?? []) + ownAssemblies.withLock { $0 }.map(Container.name(ofAssembly:))
    }

    /// How listings name an assembly: its type's name, `EventsAssembly`.
    static func name(ofAssembly assemblyType: any Assembly.Type) -> String {
        String(describing: assemblyType)
    }

    /// The registration `key` resolves to, this container's own or else its parent's, with the
    /// container that holds it: where its shared instances are built.
    func registration(for key: ServiceKey) -> (registration: any AnyRegistration, owner: Container)? {
        if let own = ownRegistrations.withLock({ $0[key] }) {
            return (own, self)
        }
        return parent?.registration(for: key)
    }

    /// Every visible registration, with this container's overriding its parents'.
    private func visibleRegistrations() -> [ServiceKey: any AnyRegistration] {
        let own = ownRegistrations.withLock { $0.all }
        return (parent?.visibleRegistrations() ?? [:]).merging(own) { _, override in override }
    }
}

/// A container's own registrations, by key.
///
/// Unnamed registrations, nearly all of them, are filed by their type's identity alone: an
/// `ObjectIdentifier` hashes in one step, where a ``ServiceKey`` (a type and an optional name)
/// feeds a whole `Hasher`, which cost a tenth of a transient resolve in the profile. Named ones
/// keep their whole key.
struct RegistrationTable {
    private var unnamed: [ObjectIdentifier: any AnyRegistration] = [:]
    private var named: [ServiceKey: any AnyRegistration] = [:]

    subscript(key: ServiceKey) -> (any AnyRegistration)? {
        get {
            key.name == nil ? unnamed[key.typeIdentifier] : named[key]
        }
        set {
            if key.name == nil {
                unnamed[key.typeIdentifier] = newValue
            } else {
                named[key] = newValue
            }
        }
    }

    /// Every registration, by its key.
    var all: [ServiceKey: any AnyRegistration] {
        var all = named
        for registration in unnamed.values {
            all[registration.key] = registration
        }
        return all
    }
}
