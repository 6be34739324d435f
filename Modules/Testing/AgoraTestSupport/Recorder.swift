import AgoraArchitecture
import Testing

/// Records every value an ``Output`` or ``Signal`` takes, synchronously, for assertions
/// (Kickstarter's `TestObserver`).
///
///     let rows = Recorder(viewModel.outputs.rows.map(\.count))   // or Recorder(viewModel.outputs.rows)
///     viewModel.inputs.viewDidLoad()
///     await viewModel.work.waitUntilIdle()
///     rows.assertValues([0, 20])
///
/// An output replays its current value, so the first recorded value of an output is the one it
/// had when recording began.
///
/// **Exhaustive mode** (off by default): a test or suite marked `.exhaustiveRecorders`, or a
/// recorder made with `exhaustive: true` inside one, fails when the test ends if a value was
/// recorded that no assertion stated — a state change a test did not expect cannot pass
/// unnoticed. ``assertValues(_:_:sourceLocation:)``,
/// ``assertValueCount(_:_:sourceLocation:)`` and ``assertDidNotEmitValue(_:sourceLocation:)``
/// state every value so far; ``assertLastValue(_:_:sourceLocation:)`` states the one value
/// recorded since the previous assertion, and no more.
@MainActor
public final class Recorder<Value> {
    public private(set) var values: [Value] = []
    /// Whether every recorded value must be stated by an assertion (see the type's notes).
    public let isExhaustive: Bool
    /// How many of ``values`` an assertion has stated.
    private var statedCount = 0
    private let createdAt: SourceLocation
    private var observation: OutputObservation?
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Records the output's current value, then each new one.
    ///
    /// - Parameter exhaustive: check, when the test ends, that every value was stated; on by
    ///   default inside a test marked `.exhaustiveRecorders`.
    public init(_ output: Output<Value>, exhaustive: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        isExhaustive = exhaustive ?? (ExhaustiveRecorders.checks != nil)
        createdAt = sourceLocation
        observation = output.observe { [weak self] in self?.record($0) }
        enrol()
    }

    /// Records each value sent from now on.
    public init(_ signal: Signal<Value>, exhaustive: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        isExhaustive = exhaustive ?? (ExhaustiveRecorders.checks != nil)
        createdAt = sourceLocation
        observation = signal.observe { [weak self] in self?.record($0) }
        enrol()
    }

    /// Hands the check to the running test's ``ExhaustiveRecorders`` scope.
    private func enrol() {
        guard isExhaustive else { return }
        guard let checks = ExhaustiveRecorders.checks else {
            Issue.record(
                "Recorder(exhaustive: true) needs its test or suite marked .exhaustiveRecorders, which checks it when the test ends", sourceLocation: createdAt)
            return
        }
        checks.add { [self] in
            guard values.count > statedCount else { return nil }
            let unstated = values[statedCount...].map { String(describing: $0) }
            return (
                "Exhaustive recorder: \(unstated.count) value(s) recorded that no assertion stated: \(unstated.joined(separator: ", "))",
                createdAt
            )
        }
    }

    private func record(_ value: Value) {
        values.append(value)
        let ready = waiters.filter { values.count >= $0.count }
        waiters.removeAll { values.count >= $0.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `count` values have been recorded: a way to observe an intermediate state
    /// (cached rows before fresh ones) without sleeping.
    public func waitForValues(count: Int) async {
        guard values.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    /// The last value recorded.
    public var lastValue: Value? { values.last }

    public func assertValueCount(_ count: Int, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.count == count, comment, sourceLocation: sourceLocation)
        statedCount = values.count
    }

    public func assertDidEmitValue(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!values.isEmpty, comment, sourceLocation: sourceLocation)
    }

    public func assertDidNotEmitValue(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.isEmpty, comment, sourceLocation: sourceLocation)
        statedCount = values.count
    }

    /// Forgets what was recorded, to assert only on what happens next. Values not yet stated
    /// are forgotten too, so an exhaustive recorder does not report them.
    public func clear() {
        values.removeAll()
        statedCount = 0
    }

    /// Marks the values recorded so far as stated by an assertion.
    fileprivate func stateAll() { statedCount = values.count }

    /// Marks the last value as stated when it is the only one not stated yet.
    fileprivate func stateLast() {
        if values.count == statedCount + 1 { statedCount = values.count }
    }
}

extension Recorder where Value: Equatable {
    /// Every value recorded, in order, equals `expected`. A failure shows a structural diff
    /// (``StructuralDiff``): the fields that differ, not two long lines to compare by eye.
    public func assertValues(_ expected: [Value], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        StructuralDiff.expectEqual(values, expected, "recorded values", comment, sourceLocation: sourceLocation)
        stateAll()
    }

    /// The last value recorded equals `expected`, with a structural diff on failure.
    public func assertLastValue(_ expected: Value, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        StructuralDiff.expectEqual(values.last, expected, "last recorded value", comment, sourceLocation: sourceLocation)
        stateLast()
    }
}
