/// The bridge from a ViewModel's outputs to a view model of a UI framework — an `@Observable`
/// class for SwiftUI, whose observation registrar then tells its views of each change:
///
///     @Observable @MainActor final class EventsListModel {
///         private(set) var isLoading = false
///         @ObservationIgnored private var observations: [OutputObservation] = []
///
///         init(viewModel: any EventsListViewModelType) {
///             observations = [viewModel.outputs.isLoading.assign(to: \.isLoading, on: self)]
///         }
///     }
///
/// The ViewModel stays as it is: every other view observes the same outputs.
extension Output {
    /// Keeps `root[keyPath: keyPath]` equal to this output's value, now and after every change,
    /// for as long as the observation is kept. `root` is held weakly.
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on root: Root) -> OutputObservation {
        observe { [weak root] value in root?[keyPath: keyPath] = value }
    }
}

extension Signal {
    /// Sets `root[keyPath: keyPath]` to every value sent from now on (a message to show), for
    /// as long as the observation is kept. `root` is held weakly.
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Value?>, on root: Root) -> OutputObservation {
        observe { [weak root] value in root?[keyPath: keyPath] = value }
    }
}
