import Observation

/// A value a ViewModel shows, and every change of it.
///
/// An output always has a current value, hands it to a new observer at once (so a view that
/// subscribes late still draws the right state) and then every later value, synchronously and in
/// order. It never fails: errors and loading are values of outputs of their own.
///
/// An output is `Observable`, so a SwiftUI view reads a ViewModel with no adapter: reading
/// ``value`` in its `body` is all it takes to be drawn again when the value changes.
///
/// ```swift
/// struct EventTitle: View {
///     let viewModel: any EventDetailViewModelType
///     var body: some View { Text(viewModel.outputs.title.value) }
/// }
/// ```
///
/// Views and tests can only read an output; the ViewModel writes through the ``OutputSource``
/// that created it, which it keeps private (Kickstarter's private pipe and public signal).
@MainActor
public final class Output<Value>: Observable {
    /// The value the view should show now.
    public var value: Value {
        if isTracked { registrar.access(self, keyPath: valueKeyPath) }
        return storedValue
    }
    private var storedValue: Value
    private let observers = ObserverList<Value>()
    // What `@Observable` would write, by hand for two reasons: the key path of a generic class's
    // property is made anew each time its literal is evaluated, so it is made once per output
    // here; and a host that tracks nothing (``ObservableOutputs/areTracked``) makes neither it
    // nor the registrar, and pays one check per read and per send.
    private let isTracked: Bool
    private lazy var registrar = ObservationRegistrar()
    private lazy var valueKeyPath: KeyPath<Output, Value> = \Output.value

    init(_ initial: Value) {
        storedValue = initial
        isTracked = ObservableOutputs.areTracked
    }

    /// Calls `observer` with the current value now, then with every new value.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (Value) -> Void) -> OutputObservation {
        let id = observers.add(observer)
        observer(value)
        return OutputObservation { [weak self] in self?.observers.remove(id) }
    }

    func update(_ newValue: Value) {
        if isTracked {
            registrar.withMutation(of: self, keyPath: valueKeyPath) { storedValue = newValue }
        } else {
            storedValue = newValue
        }
        observers.send(newValue)
    }
}

/// The write side of an ``Output``, kept private by the ViewModel that owns it.
@MainActor
public final class OutputSource<Value> {
    /// The read-only side to expose in the ViewModel's outputs.
    public let output: Output<Value>

    public init(_ initial: Value) {
        output = Output(initial)
    }

    /// The current value.
    public var value: Value { output.value }

    /// Told each value sent, before any observer, while a host traces this ViewModel (see
    /// ``ViewModelInspection/trace(_:to:)``); `nil` otherwise, when a send costs one check.
    public var tracer: (@MainActor (_ summary: String) -> Void)?

    /// Sets a new value and delivers it to every observer, even when equal to the previous one.
    public func send(_ value: Value) {
        // Traced first: the cause comes before what observers do about it.
        if let tracer { tracer(ValueSummary.of(value)) }
        output.update(value)
    }
}

extension OutputSource where Value: Equatable {
    /// Sets a new value only when it differs from the current one (Kickstarter's `skipRepeats`).
    public func sendIfChanged(_ value: Value) {
        if value != self.value { send(value) }
    }
}
