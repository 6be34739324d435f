// Resolve throughput: AgoraDI against Swinject 2.10's synchronized resolver, on the same graph.
//
// The graph: 50 services, S01 … S50, a binary tree in heap order: S(i) depends on S(2i) and
// S(2i+1) where those exist, so S01 reaches all 50. S01 … S07 are transient (the view models and
// use cases of an app); S08 … S50 are container-scoped (its services and infrastructure). The
// graph is declared once (`registerGraph`) and registered into both containers through a
// two-method adapter, so both resolve exactly the same thing.
//
// The four benchmarks, each 1,000 resolves per iteration (`scalingFactor: .kilo`):
//
// - `DI.resolve.singleton.*`: `resolve(S08.self)`, container-scoped, with a subtree of six
//   services created on the first resolve; measured is the resolve of the cached instance.
// - `DI.resolve.transient.*`: `resolve(S01.self)`, transient: every resolve runs 7 factories
//   (S01 … S07) and fetches 8 cached singletons (S08 … S15), 15 resolves in all.
//
// Why 50 hand-written classes: both containers key registrations by the service's type, so 50
// services need 50 types. Generic ones would do for the keys (`Node<Tag>`, or Peano-style
// `Node<S<S<Z>>>`), but their factories would then run as unspecialised generic code, looking
// up type metadata on every resolve: a cost real app graphs of concrete types do not have, and
// one that, added to both sides, would only blur the ratio this benchmark exists to measure. So
// the types are concrete, one line each, and everything else (how each builds itself from its
// dependencies, how it is registered) is shared code.

import AgoraDI
import Benchmark
import Swinject

// MARK: - The graph, declared once

/// What a service's initialiser resolves its dependencies through, whichever container runs it.
protocol Dependencies {
    func get<Service: Sendable>() throws -> Service
}

/// A service of the graph: it builds itself from its dependencies.
protocol Node: AnyObject, Sendable {
    init(_ dependencies: some Dependencies) throws
}

enum NodeScope {
    case transient, singleton
}

/// A container the graph can be registered in.
protocol GraphRegistrar {
    func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope)
}

// S(i) holds S(2i) and S(2i+1); S26 … S50 are leaves.
final class S01: Node { let a: S02, b: S03; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S02: Node { let a: S04, b: S05; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S03: Node { let a: S06, b: S07; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S04: Node { let a: S08, b: S09; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S05: Node { let a: S10, b: S11; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S06: Node { let a: S12, b: S13; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S07: Node { let a: S14, b: S15; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S08: Node { let a: S16, b: S17; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S09: Node { let a: S18, b: S19; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S10: Node { let a: S20, b: S21; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S11: Node { let a: S22, b: S23; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S12: Node { let a: S24, b: S25; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S13: Node { let a: S26, b: S27; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S14: Node { let a: S28, b: S29; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S15: Node { let a: S30, b: S31; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S16: Node { let a: S32, b: S33; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S17: Node { let a: S34, b: S35; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S18: Node { let a: S36, b: S37; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S19: Node { let a: S38, b: S39; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S20: Node { let a: S40, b: S41; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S21: Node { let a: S42, b: S43; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S22: Node { let a: S44, b: S45; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S23: Node { let a: S46, b: S47; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S24: Node { let a: S48, b: S49; init(_ d: some Dependencies) throws { a = try d.get(); b = try d.get() } }
final class S25: Node { let a: S50; init(_ d: some Dependencies) throws { a = try d.get() } }
final class S26: Node { init(_: some Dependencies) {} }
final class S27: Node { init(_: some Dependencies) {} }
final class S28: Node { init(_: some Dependencies) {} }
final class S29: Node { init(_: some Dependencies) {} }
final class S30: Node { init(_: some Dependencies) {} }
final class S31: Node { init(_: some Dependencies) {} }
final class S32: Node { init(_: some Dependencies) {} }
final class S33: Node { init(_: some Dependencies) {} }
final class S34: Node { init(_: some Dependencies) {} }
final class S35: Node { init(_: some Dependencies) {} }
final class S36: Node { init(_: some Dependencies) {} }
final class S37: Node { init(_: some Dependencies) {} }
final class S38: Node { init(_: some Dependencies) {} }
final class S39: Node { init(_: some Dependencies) {} }
final class S40: Node { init(_: some Dependencies) {} }
final class S41: Node { init(_: some Dependencies) {} }
final class S42: Node { init(_: some Dependencies) {} }
final class S43: Node { init(_: some Dependencies) {} }
final class S44: Node { init(_: some Dependencies) {} }
final class S45: Node { init(_: some Dependencies) {} }
final class S46: Node { init(_: some Dependencies) {} }
final class S47: Node { init(_: some Dependencies) {} }
final class S48: Node { init(_: some Dependencies) {} }
final class S49: Node { init(_: some Dependencies) {} }
final class S50: Node { init(_: some Dependencies) {} }

/// Registers the 50 services, each once: S01 … S07 transient, S08 … S50 container-scoped.
func registerGraph(in registrar: some GraphRegistrar) {
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

struct MissingDependency: Error {
    let type: Any.Type
}

/// AgoraDI, used as the app uses it: `try resolver.resolve()` in factories.
struct AgoraRegistrar: GraphRegistrar {
    struct Resolved: Dependencies {
        let resolver: any AgoraDI.Resolver
        func get<Service: Sendable>() throws -> Service { try resolver.resolve(Service.self) }
    }

    let container: AgoraDI.Container

    func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope) {
        container.register(type, scope: scope == .singleton ? .container : .transient) { resolver in
            try Service(Resolved(resolver: resolver))
        }
    }
}

/// Swinject, used as its documentation shows: `resolver.resolve(X.self)!` in factories, which
/// cannot throw; a missing registration would stop the benchmark, as it should.
struct SwinjectRegistrar: GraphRegistrar {
    struct Resolved: Dependencies {
        let resolver: any Swinject.Resolver
        func get<Service: Sendable>() throws -> Service {
            guard let service = resolver.resolve(Service.self) else { throw MissingDependency(type: Service.self) }
            return service
        }
    }

    let container: Swinject.Container

    func add<Service: Node>(_ type: Service.Type, _ scope: NodeScope) {
        container.register(type) { resolver in
            try! Service(Resolved(resolver: resolver))
        }
        .inObjectScope(scope == .singleton ? .container : .transient)
    }
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    // Bounded: at most 3 s or 20,000 iterations of 1,000 resolves each, whichever comes first.
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )

    let agora = AgoraDI.Container()
    registerGraph(in: AgoraRegistrar(container: agora))

    let swinjectContainer = Swinject.Container()
    registerGraph(in: SwinjectRegistrar(container: swinjectContainer))
    // Thread-safe resolves, as AgoraDI's always are: every resolve, nested ones included, takes
    // the container's recursive lock.
    let swinject = swinjectContainer.synchronize()

    // Both graphs must resolve, and must hand out one S08 and fresh S01s, before anything is measured.
    guard let agoraS08 = try? agora.resolve(S08.self), let swinjectS08 = swinject.resolve(S08.self),
          agoraS08 === (try? agora.resolve(S08.self)), swinjectS08 === swinject.resolve(S08.self),
          let agoraS01 = try? agora.resolve(S01.self), let swinjectS01 = swinject.resolve(S01.self),
          agoraS01 !== (try? agora.resolve(S01.self)), swinjectS01 !== swinject.resolve(S01.self),
          agoraS01.a.a.a === agoraS08, swinjectS01.a.a.a === swinjectS08
    else {
        fatalError("DIResolve: a container does not resolve the graph as declared")
    }

    Benchmark("DI.resolve.singleton.agora", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! agora.resolve(S08.self))
        }
    }
    Benchmark("DI.resolve.singleton.swinject", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(swinject.resolve(S08.self)!)
        }
    }
    Benchmark("DI.resolve.transient.agora", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! agora.resolve(S01.self))
        }
    }
    Benchmark("DI.resolve.transient.swinject", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(swinject.resolve(S01.self)!)
        }
    }
}
