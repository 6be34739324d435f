import Synchronization
import Testing

/// A test trait that makes every ``Recorder`` created in the test exhaustive, and checks them when
/// the test ends: a value no assertion stated fails the test, at the line that made its recorder.
///
///     @Test(.exhaustiveRecorders) func viewDidLoadLoadsFirstPage() async { … }
///     @Suite(.exhaustiveRecorders) struct EventsListViewModelTests { … }
///
/// The check runs in the test's own scope (a recorder's `deinit` runs outside it, where Swift
/// Testing cannot say which test failed).
public struct ExhaustiveRecorders: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// The checks of the running test, when it is marked; `nil` otherwise.
    @TaskLocal static var checks: Checks?

    /// One check per exhaustive recorder: what it found unstated, and where it was made.
    final class Checks: Sendable {
        typealias Check = @MainActor @Sendable () -> (message: String, location: SourceLocation)?
        private let checks = Mutex<[Check]>([])

        func add(_ check: @escaping Check) { checks.withLock { $0.append(check) } }

        @MainActor
        func report() {
            for check in checks.withLock({ $0 }) {
                if let (message, location) = check() { Issue.record(Comment(rawValue: message), sourceLocation: location) }
            }
        }
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope is entered for each of its tests (the trait is recursive); the suite
        // itself has no recorders to check.
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await withExhaustiveRecorders { try await function() }
    }
}

/// Runs `body` with every ``Recorder`` it creates exhaustive, then fails the running test for
/// each value a recorder holds that no assertion stated. The `.exhaustiveRecorders` trait wraps
/// a whole test in it.
@MainActor
public func withExhaustiveRecorders<Result>(_ body: @MainActor () async throws -> Result) async rethrows -> Result {
    let checks = ExhaustiveRecorders.Checks()
    let result = try await ExhaustiveRecorders.$checks.withValue(checks) { try await body() }
    checks.report()
    return result
}

extension Trait where Self == ExhaustiveRecorders {
    /// Every ``Recorder`` made in the test must have each of its values stated by an assertion.
    public static var exhaustiveRecorders: Self { ExhaustiveRecorders() }
}
