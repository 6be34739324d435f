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
@MainActor
public final class Recorder<Value> {
    public private(set) var values: [Value] = []
    private var observation: OutputObservation?
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Records the output's current value, then each new one.
    public init(_ output: Output<Value>) {
        observation = output.observe { [weak self] in self?.record($0) }
    }

    /// Records each value sent from now on.
    public init(_ signal: Signal<Value>) {
        observation = signal.observe { [weak self] in self?.record($0) }
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
    }

    public func assertDidEmitValue(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!values.isEmpty, comment, sourceLocation: sourceLocation)
    }

    public func assertDidNotEmitValue(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.isEmpty, comment, sourceLocation: sourceLocation)
    }

    /// Forgets what was recorded, to assert only on what happens next.
    public func clear() { values.removeAll() }
}

extension Recorder where Value: Equatable {
    /// Every value recorded, in order, equals `expected`.
    public func assertValues(_ expected: [Value], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values == expected, comment, sourceLocation: sourceLocation)
    }

    /// The last value recorded equals `expected`.
    public func assertLastValue(_ expected: Value, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.last == expected, comment, sourceLocation: sourceLocation)
    }
}
