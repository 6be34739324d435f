/// Starts one flow: builds its ViewModel and acts on the ViewModel's navigation events, usually
/// by asking the ``Navigator`` for another route.
///
/// A coordinator knows no view: whoever shows the ViewModel (a text screen, a SwiftUI view, a web page)
/// chooses how. It lives as long as the ViewModel it started is on the navigation stack.
@MainActor
public protocol Coordinator: AnyObject {
    /// Builds the flow's first ViewModel and starts listening to its navigation events.
    func start() -> any ViewModel
}
