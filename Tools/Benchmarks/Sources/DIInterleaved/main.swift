// The DI ratio: AgoraDI's resolves against Swinject's, timed alternately on the same graph
// (Sources/DIGraph), so both sides of the ratio are measured at the same moments.
//
//     swift run -c release --package-path Tools/Benchmarks DIInterleaved [rounds]
//
// Prints one line per scope, as Scripts/bench-di reads them:
//
//     di-transient-interleaved agora_ops_per_s=… swinject_ops_per_s=… ratio=… rounds=…
//     di-singleton-interleaved agora_ops_per_s=… swinject_ops_per_s=… ratio=… rounds=…
//
// Why interleaved. DIResolve (ordo-one/benchmark) times each container for up to 3 s, one after
// the other; on a 2-core machine shared with another engineer's builds, what else runs differs
// from one 3 s window to the next, and so does the ratio of two windows (3.3x to 5.5x from run
// to run on one version of AgoraDI, 6.9x to 11.4x on the next). Here a round times a short
// batch of each (the order alternating from round to round), so a busy moment falls on both;
// ops/s come from the median batch of each side over all rounds. A batch is short (20
// transient resolves, about 35 µs for AgoraDI; 1,000 singleton ones), so few batches are cut
// by the scheduler, and the median leaves those out.
//
// Bounded: `rounds` rounds (2,000 by default) per scope after 200 untimed ones, a few seconds.

import AgoraDI
import DIGraph
import Swinject

let rounds = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 2_000
let warmUp = 200
let (agora, swinject) = makeContainers()

/// Keeps a resolved instance from being optimised away.
@inline(never)
func consume(_ object: AnyObject) {
    withExtendedLifetime(object) {}
}

/// Nanoseconds `body` takes to run `count` times.
@inline(__always)
func time(_ count: Int, _ body: () -> AnyObject) -> Double {
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0 ..< count {
        consume(body())
    }
    let (seconds, attoseconds) = started.duration(to: clock.now).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Median nanoseconds per resolve of each side, timed in alternating batches of `batch`.
func interleaved(batch: Int, agoraResolve: () -> AnyObject, swinjectResolve: () -> AnyObject) -> (agora: Double, swinject: Double) {
    var agoraTimes: [Double] = [], swinjectTimes: [Double] = []
    for round in 0 ..< warmUp + rounds {
        let agoraTime: Double, swinjectTime: Double
        if round.isMultiple(of: 2) {
            agoraTime = time(batch, agoraResolve)
            swinjectTime = time(batch, swinjectResolve)
        } else {
            swinjectTime = time(batch, swinjectResolve)
            agoraTime = time(batch, agoraResolve)
        }
        guard round >= warmUp else { continue }
        agoraTimes.append(agoraTime / Double(batch))
        swinjectTimes.append(swinjectTime / Double(batch))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(agoraTimes), median(swinjectTimes))
}

func report(_ scope: String, _ nanoseconds: (agora: Double, swinject: Double)) {
    let agora = 1e9 / nanoseconds.agora, swinject = 1e9 / nanoseconds.swinject
    let ratio = agora / swinject
    print("di-\(scope)-interleaved agora_ops_per_s=\(Int(agora.rounded())) swinject_ops_per_s=\(Int(swinject.rounded()))"
        + " ratio=\((ratio * 100).rounded() / 100) rounds=\(rounds)")
}

// `try!` and `!` as in DIResolve: makeContainers() checked both resolve the graph.
report("transient", interleaved(batch: 20, agoraResolve: { try! agora.resolve(S01.self) }, swinjectResolve: { swinject.resolve(S01.self)! }))
report("singleton", interleaved(batch: 1_000, agoraResolve: { try! agora.resolve(S08.self) }, swinjectResolve: { swinject.resolve(S08.self)! }))
