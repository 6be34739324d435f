/// Something that happens, with no current value: a navigation request, a one-off message.
///
/// Unlike an ``Output`` a signal does not replay: an observer sees only what is sent after it
/// subscribed, so a navigation event is acted on once. Like an output it never fails.
@MainActor
public final class Signal<Value> {
    private let observers = ObserverList<Value>()

    init() {}

    /// Calls `observer` with every value sent from now on.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (Value) -> Void) -> OutputObservation {
        let id = observers.add(observer)
        return OutputObservation { [weak self] in self?.observers.remove(id) }
    }

    func emit(_ value: Value) {
        observers.send(value)
    }
}

/// The send side of a ``Signal``, kept private by its owner.
@MainActor
public final class SignalSource<Value> {
    /// The observe-only side to expose.
    public let signal = Signal<Value>()

    public init() {}

    /// Told each value sent, before any observer, while a host traces this ViewModel (see
    /// ``ViewModelInspection/trace(_:to:)``); `nil` otherwise, when a send costs one check.
    public var tracer: (@MainActor (_ summary: String) -> Void)?
    /// The last value sent, for `inspect`.
    public private(set) var lastValue: Value?

    /// Delivers `value` to every current observer.
    public func send(_ value: Value) {
        lastValue = value
        // Traced first: the cause comes before what observers do about it (a navigation event
        // before the stack it changes).
        if let tracer { tracer(ValueSummary.of(value)) }
        signal.emit(value)
    }
}

extension SignalSource where Value == Void {
    /// Delivers an event that carries no value.
    public func send() { send(()) }
}
