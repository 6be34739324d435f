// Resolve throughput: AgoraDI against Swinject 2.10's synchronized resolver, on the same graph
// (Sources/DIGraph/DIGraph.swift describes it), each benchmark timed on its own by
// ordo-one/benchmark, with its allocations counted.
//
// The four benchmarks, each 1,000 resolves per iteration (`scalingFactor: .kilo`):
//
// - `DI.resolve.singleton.*`: `resolve(S08.self)`, container-scoped, with a subtree of six
//   services created on the first resolve; measured is the resolve of the cached instance.
// - `DI.resolve.transient.*`: `resolve(S01.self)`, transient: every resolve runs 7 factories
//   (S01 … S07) and fetches 8 cached singletons (S08 … S15), 15 resolves in all.
//
// Each benchmark runs for up to 3 s, one after the other, so the two sides of a ratio are
// timed at different moments; on a machine shared with other work the ratio moves with what
// else runs. Scripts/bench-di takes its ratio from DIInterleaved, which times both alternately.

import AgoraDI
import Benchmark
import DIGraph
import Swinject

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

    // Both graphs must resolve, and must hand out one S08 and fresh S01s, before anything is measured.
    let (agora, swinject) = makeContainers()

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
