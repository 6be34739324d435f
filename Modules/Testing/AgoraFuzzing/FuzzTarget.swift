import Foundation
import Synchronization

/// One fuzz target: what an input of arbitrary bytes means to a part of Agora, and the promises
/// that part makes about the outcome for *any* input.
///
/// The libFuzzer executables in `Tools/Fuzz/` run ``fuzz(_:count:)``; the test suite replays every
/// committed input (`Tools/Fuzz/Corpus/<name>`, `Tools/Fuzz/Regressions/<name>`) through ``run(_:)`` and
/// ``brokenPromises(in:)`` — the same code, so a crash input fixed once stays fixed.
public protocol FuzzTarget: Sendable {
    associatedtype Outcome: Sendable

    /// The target's name, and the name of its corpus folders: `Tools/Fuzz/Corpus/<name>`.
    static var name: String { get }

    /// Gives the input to the code under test and returns what it made of it.
    static func run(_ input: [UInt8]) async -> Outcome

    /// The promises `outcome` breaks, one line each; empty when it keeps them all.
    static func brokenPromises(in outcome: Outcome) -> [String]
}

extension FuzzTarget {
    /// libFuzzer's `LLVMFuzzerTestOneInput`: runs one input and stops the process, naming every
    /// broken promise, when it breaks any; libFuzzer then keeps the input as a crash.
    ///
    /// libFuzzer calls it on the main thread, outside Swift concurrency, so waiting for the async
    /// run here blocks no executor the run needs.
    public static func fuzz(_ data: UnsafePointer<UInt8>?, count: Int) -> CInt {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let outcome = Completion<Outcome>()
        Task.detached { outcome.finish(with: await run(input)) }
        return stopOnBrokenPromises(brokenPromises(in: outcome.wait()))
    }
}

/// A fuzz target whose code under test does not suspend: libFuzzer's thread runs it directly,
/// with no task to start and wait for (a task's memory is freed after the input's run ends,
/// which would make LeakSanitizer check every run for a leak).
public protocol SynchronousFuzzTarget: FuzzTarget {
    /// Gives the input to the code under test and returns what it made of it.
    static func runNow(_ input: [UInt8]) -> Outcome
}

extension SynchronousFuzzTarget {
    public static func run(_ input: [UInt8]) async -> Outcome {
        runNow(input)
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput`: runs one input and stops the process, naming every
    /// broken promise, when it breaks any; libFuzzer then keeps the input as a crash.
    public static func fuzz(_ data: UnsafePointer<UInt8>?, count: Int) -> CInt {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        return stopOnBrokenPromises(brokenPromises(in: runNow(input)))
    }
}

extension FuzzTarget {
    fileprivate static func stopOnBrokenPromises(_ broken: [String]) -> CInt {
        guard broken.isEmpty else {
            fatalError("\(name): \(broken.joined(separator: "; "))")
        }
        return 0
    }
}

/// A value one task hands to a thread that blocks until it arrives.
private final class Completion<Value: Sendable>: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let value = Mutex<Value?>(nil)

    func finish(with result: Value) {
        value.withLock { $0 = result }
        ready.signal()
    }

    func wait() -> Value {
        ready.wait()
        // `finish` stores the value before it signals.
        return value.withLock { $0! }
    }
}
