/// Starts one flow: builds its screen (ViewModel + view) and acts on the screen's navigation
/// events, usually by asking the ``Navigator`` for another route.
///
/// A coordinator lives as long as the screen it started is on the navigation stack.
@MainActor
public protocol Coordinator: AnyObject {
    /// Builds the flow's first screen and starts listening to its navigation events.
    func start() -> any Screen
}
