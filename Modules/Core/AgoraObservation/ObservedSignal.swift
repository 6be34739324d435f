import AgoraArchitecture
import Observation

/// The last value a `Signal` sent, as an `@Observable` value a view can show until it is done
/// with it: a message after a failed load, say.
///
/// An `Output` is observable as it is, having a current value. A signal has none — it tells of
/// something that happened, once — so a view that shows what it said needs it held:
///
/// ```swift
/// struct EventsList: View {
///     let viewModel: any EventsListViewModelType
///     @State private var error: ObservedSignal<String>
///
///     init(viewModel: any EventsListViewModelType) {
///         self.viewModel = viewModel
///         _error = State(initialValue: ObservedSignal(viewModel.outputs.showError))
///     }
///
///     var body: some View {
///         List(viewModel.outputs.rows.value) { row in Text(row.title) }
///             .alert(error.latest ?? "", isPresented: .constant(error.latest != nil)) {
///                 Button("OK") { error.clear() }
///             }
///     }
/// }
/// ```
///
/// It holds the signal's observation for as long as it lives; the signal is not retained beyond
/// it, and every other view observes the same signal.
@Observable
@MainActor
public final class ObservedSignal<Value> {
    /// The last value sent since the view cleared it; `nil` before any.
    public private(set) var latest: Value?
    @ObservationIgnored private var observation: OutputObservation?

    /// Holds each value `signal` sends from now on.
    public init(_ signal: Signal<Value>) {
        observation = signal.observe { [weak self] value in self?.latest = value }
    }

    isolated deinit {
        observation?.cancel()
    }

    /// The view showed ``latest``; it is let go of.
    public func clear() {
        latest = nil
    }
}
