/// An output or signal source, seen without its value's type: for `inspect` and `trace`.
@MainActor
public protocol TracedSource: AnyObject {
    /// Told each value sent, in one line, while traced.
    var tracer: (@MainActor (_ summary: String) -> Void)? { get set }
    /// Whether it is a signal (events) rather than an output (a current value).
    var isSignal: Bool { get }
    /// Its current value (an output) or its last one (a signal), in one line; `nil` for a signal
    /// that has sent nothing.
    var summary: String? { get }
    /// Its current value (an output) or its last one (a signal), whole, for `inspect <output>`;
    /// `nil` for a signal that has sent nothing.
    var latestValue: Any? { get }
}

/// A kit object that holds sources of a ViewModel's outputs (a paged list, a login gate):
/// ``ViewModelInspection`` looks inside it.
@MainActor
public protocol OutputHolding: AnyObject {}

extension OutputSource: TracedSource {
    public var isSignal: Bool { false }
    public var summary: String? { ValueSummary.of(value) }
    public var latestValue: Any? { value }
}

extension SignalSource: TracedSource {
    public var isSignal: Bool { true }
    public var summary: String? { lastValue.map(ValueSummary.of) }
    public var latestValue: Any? { lastValue.map { $0 as Any } }
}
