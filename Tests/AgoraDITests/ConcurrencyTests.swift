import AgoraDI
import Testing

/// A container-scoped service slow enough to build that other tasks reach `resolve` while
/// the first is still building it: a container that checked and then created without holding
/// a lock would build it twice.
private final class SharedCache: Sendable {
    init(runs: Counter) {
        runs.increment()
        // Busy-wait rather than sleep: the factory is synchronous, like real ones.
        let deadline = ContinuousClock.now + .milliseconds(20)
        while ContinuousClock.now < deadline {}
    }
}

private final class Worker: Sendable {
    let cache: SharedCache

    init(cache: SharedCache) {
        self.cache = cache
    }
}

@Suite("Concurrent resolution")
struct ConcurrencyTests {
    @Test("Given transient workers sharing a container-scoped cache, when 1,000 tasks resolve at once, then all succeed and the cache is built exactly once")
    func concurrentFirstResolves() async throws {
        let cacheRuns = Counter()
        let workerRuns = Counter()
        let container = Container()
        container.register(SharedCache.self, scope: .container) { _ in SharedCache(runs: cacheRuns) }
        container.register(Worker.self) { resolver in
            workerRuns.increment()
            return Worker(cache: try resolver.resolve())
        }

        let cacheIDs = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(try container.resolve(Worker.self).cache) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(cacheIDs.count == 1_000)
        #expect(Set(cacheIDs).count == 1)
        #expect(cacheRuns.value == 1)
        #expect(workerRuns.value == 1_000)
    }
}
