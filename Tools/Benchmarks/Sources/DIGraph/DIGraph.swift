// The graph both DI benchmarks resolve, declared once, and the two containers it is registered
// in: AgoraDI and Swinject 2.10's synchronized resolver. Used by DIResolve (ordo-one/benchmark,
// each container timed on its own) and DIInterleaved (both timed alternately, for the ratio).
//
// The graph: 50 services, S01 … S50, a binary tree in heap order: S(i) depends on S(2i) and
// S(2i+1) where those exist, so S01 reaches all 50. S01 … S07 are transient (the view models and
// use cases of an app); S08 … S50 are container-scoped (its services and infrastructure). The
// graph is declared once (`registerGraph`) and registered into both containers through a
// two-method adapter, so both resolve exactly the same thing.
//
// Why 50 hand-written classes: both containers key registrations by the service's type, so 50
// services need 50 types. Generic ones would do for the keys (`Node<Tag>`, or Peano-style
// `Node<S<S<Z>>>`), but their factories would then run as unspecialised generic code, looking
// up type metadata on every resolve: a cost real app graphs of concrete types do not have, and
// one that, added to both sides, would only blur the ratio this benchmark exists to measure. So
// the types are concrete, one line each, and everything else (how each builds itself from its
// dependencies, how it is registered) is shared code.

import AgoraDI
import Swinject

// MARK: - The graph, declared once

/// What a service's initialiser resolves its dependencies through, whichever container runs it.
public protocol Dependencies {
    func get<Service: Sendable>() throws -> Service
}

/// A service of the graph: it builds itself from its dependencies.
public protocol Node: AnyObject, Sendable {
    init(_ dependencies: some Dependencies) throws
}

public enum NodeScope {
    case transient, singleton
}

/// A container the graph can be registered in.
public protocol GraphRegistrar {
    func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope)
}

// S(i) holds S(2i) and S(2i+1); S26 … S50 are leaves.
public final class S01: Node { public let a: S02, b: S03; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S02: Node { public let a: S04, b: S05; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S03: Node { public let a: S06, b: S07; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S04: Node { public let a: S08, b: S09; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S05: Node { public let a: S10, b: S11; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S06: Node { public let a: S12, b: S13; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S07: Node { public let a: S14, b: S15; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S08: Node { public let a: S16, b: S17; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S09: Node { public let a: S18, b: S19; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S10: Node { public let a: S20, b: S21; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S11: Node { public let a: S22, b: S23; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S12: Node { public let a: S24, b: S25; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S13: Node { public let a: S26, b: S27; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S14: Node { public let a: S28, b: S29; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S15: Node { public let a: S30, b: S31; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S16: Node { public let a: S32, b: S33; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S17: Node { public let a: S34, b: S35; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S18: Node { public let a: S36, b: S37; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S19: Node { public let a: S38, b: S39; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S20: Node { public let a: S40, b: S41; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S21: Node { public let a: S42, b: S43; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S22: Node { public let a: S44, b: S45; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S23: Node { public let a: S46, b: S47; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S24: Node { public let a: S48, b: S49; public init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
public final class S25: Node { public let a: S50; public init(_ d: some Dependencies) throws { a = try d.get() } }
public final class S26: Node { public init(_: some Dependencies) {} }
public final class S27: Node { public init(_: some Dependencies) {} }
public final class S28: Node { public init(_: some Dependencies) {} }
public final class S29: Node { public init(_: some Dependencies) {} }
public final class S30: Node { public init(_: some Dependencies) {} }
public final class S31: Node { public init(_: some Dependencies) {} }
public final class S32: Node { public init(_: some Dependencies) {} }
public final class S33: Node { public init(_: some Dependencies) {} }
public final class S34: Node { public init(_: some Dependencies) {} }
public final class S35: Node { public init(_: some Dependencies) {} }
public final class S36: Node { public init(_: some Dependencies) {} }
public final class S37: Node { public init(_: some Dependencies) {} }
public final class S38: Node { public init(_: some Dependencies) {} }
public final class S39: Node { public init(_: some Dependencies) {} }
public final class S40: Node { public init(_: some Dependencies) {} }
public final class S41: Node { public init(_: some Dependencies) {} }
public final class S42: Node { public init(_: some Dependencies) {} }
public final class S43: Node { public init(_: some Dependencies) {} }
public final class S44: Node { public init(_: some Dependencies) {} }
public final class S45: Node { public init(_: some Dependencies) {} }
public final class S46: Node { public init(_: some Dependencies) {} }
public final class S47: Node { public init(_: some Dependencies) {} }
public final class S48: Node { public init(_: some Dependencies) {} }
public final class S49: Node { public init(_: some Dependencies) {} }
public final class S50: Node { public init(_: some Dependencies) {} }

/// Registers the 50 services, each once: S01 … S07 transient, S08 … S50 container-scoped.
public func registerGraph(in registrar: some GraphRegistrar) {
    registrar.add(S01.self, .transient)
    registrar.add(S02.self, .transient)
    registrar.add(S03.self, .transient)
    registrar.add(S04.self, .transient)
    registrar.add(S05.self, .transient)
    registrar.add(S06.self, .transient)
    registrar.add(S07.self, .transient)
    registrar.add(S08.self, .singleton)
    registrar.add(S09.self, .singleton)
    registrar.add(S10.self, .singleton)
    registrar.add(S11.self, .singleton)
    registrar.add(S12.self, .singleton)
    registrar.add(S13.self, .singleton)
    registrar.add(S14.self, .singleton)
    registrar.add(S15.self, .singleton)
    registrar.add(S16.self, .singleton)
    registrar.add(S17.self, .singleton)
    registrar.add(S18.self, .singleton)
    registrar.add(S19.self, .singleton)
    registrar.add(S20.self, .singleton)
    registrar.add(S21.self, .singleton)
    registrar.add(S22.self, .singleton)
    registrar.add(S23.self, .singleton)
    registrar.add(S24.self, .singleton)
    registrar.add(S25.self, .singleton)
    registrar.add(S26.self, .singleton)
    registrar.add(S27.self, .singleton)
    registrar.add(S28.self, .singleton)
    registrar.add(S29.self, .singleton)
    registrar.add(S30.self, .singleton)
    registrar.add(S31.self, .singleton)
    registrar.add(S32.self, .singleton)
    registrar.add(S33.self, .singleton)
    registrar.add(S34.self, .singleton)
    registrar.add(S35.self, .singleton)
    registrar.add(S36.self, .singleton)
    registrar.add(S37.self, .singleton)
    registrar.add(S38.self, .singleton)
    registrar.add(S39.self, .singleton)
    registrar.add(S40.self, .singleton)
    registrar.add(S41.self, .singleton)
    registrar.add(S42.self, .singleton)
    registrar.add(S43.self, .singleton)
    registrar.add(S44.self, .singleton)
    registrar.add(S45.self, .singleton)
    registrar.add(S46.self, .singleton)
    registrar.add(S47.self, .singleton)
    registrar.add(S48.self, .singleton)
    registrar.add(S49.self, .singleton)
    registrar.add(S50.self, .singleton)
}

// MARK: - The two containers

public struct MissingDependency: Error {
    public let type: Any.Type
}

/// AgoraDI, used as the app uses it: `try resolver.resolve()` in factories.
public struct AgoraRegistrar: GraphRegistrar {
    struct Resolved: Dependencies {
        let resolver: any AgoraDI.Resolver
        func get<Service: Sendable>() throws -> Service { try resolver.resolve(Service.self) }
    }

    public let container: AgoraDI.Container

    public init(container: AgoraDI.Container) {
        self.container = container
    }

    public func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope) {
        container.register(type, scope: scope == .singleton ? .container : .transient) { resolver in
            try Service(Resolved(resolver: resolver))
        }
    }
}

/// Swinject, used as its documentation shows: `resolver.resolve(X.self)!` in factories, which
/// cannot throw; a missing registration would stop the benchmark, as it should.
public struct SwinjectRegistrar: GraphRegistrar {
    struct Resolved: Dependencies {
        let resolver: any Swinject.Resolver
        func get<Service: Sendable>() throws -> Service {
            guard let service = resolver.resolve(Service.self) else { throw MissingDependency(type: Service.self) }
            return service
        }
    }

    public let container: Swinject.Container

    public init(container: Swinject.Container) {
        self.container = container
    }

    public func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope) {
        container.register(type) { resolver in
            try! Service(Resolved(resolver: resolver))
        }
        .inObjectScope(scope == .singleton ? .container : .transient)
    }
}

// MARK: - Both containers, checked

/// The two containers with the graph registered, checked to resolve it as declared: one S08
/// and fresh S01s from each, and S01's S08 the shared one. Stops the process otherwise, before
/// anything is measured.
public func makeContainers() -> (agora: AgoraDI.Container, swinject: Swinject.Resolver) {
    let agora = AgoraDI.Container()
    registerGraph(in: AgoraRegistrar(container: agora))

    let swinjectContainer = Swinject.Container()
    registerGraph(in: SwinjectRegistrar(container: swinjectContainer))
    // Thread-safe resolves, as AgoraDI's always are: every resolve, nested ones included, takes
    // the container's recursive lock.
    let swinject = swinjectContainer.synchronize()

    guard let agoraS08 = try? agora.resolve(S08.self), let swinjectS08 = swinject.resolve(S08.self),
          agoraS08 === (try? agora.resolve(S08.self)), swinjectS08 === swinject.resolve(S08.self),
          let agoraS01 = try? agora.resolve(S01.self), let swinjectS01 = swinject.resolve(S01.self),
          agoraS01 !== (try? agora.resolve(S01.self)), swinjectS01 !== swinject.resolve(S01.self),
          agoraS01.a.a.a === agoraS08, swinjectS01.a.a.a === swinjectS08
    else {
        fatalError("DIGraph: a container does not resolve the graph as declared")
    }
    return (agora, swinject)
}
