import AgoraArchitecture
import Observation

/// One ViewModel output as an `@Observable` value: what a SwiftUI view reads, re-drawn whenever
/// the output changes.
///
/// ```swift
/// struct EventTitle: View {
///     let title: ObservedOutput<String>
///     var body: some View { Text(title.value) }
/// }
/// let title = ObservedOutput(viewModel.outputs.title)
/// ```
///
/// It holds the output's observation for as long as it lives; the output is not retained
/// beyond it, and the ViewModel stays as it is (the REPL and the web pages observe the same
/// output).
@Observable
@MainActor
public final class ObservedOutput<Value> {
    /// The output's value, now: read it in a view's `body`.
    public private(set) var value: Value
    @ObservationIgnored private var observation: OutputObservation?

    /// Follows `output` from now on.
    public init(_ output: Output<Value>) {
        value = output.value
        observation = output.observe { [weak self] value in self?.value = value }
    }

    isolated deinit {
        observation?.cancel()
    }
}
