/// What every ViewModel shares, whatever its inputs and outputs: the work it started.
///
/// A feature's ViewModel protocol (`EventsListViewModelType`) refines this one, so the
/// navigation stack can hold any feature's ViewModel, and a host can wait for or cancel what a
/// screen started without knowing which feature it belongs to.
@MainActor
public protocol ViewModel: AnyObject {
    /// The requests this ViewModel started and has not finished.
    var work: WorkTracker { get }
}
