import AgoraArchitecture

/// A part one feature shows on another feature's page (Comments: an event's latest comments on
/// the event's page), so a page can show what it links to without its feature knowing the
/// other: the app asks every feature for a section of each page it opens
/// (``FeatureWebViews/section(for:context:)``) and shows them below the page's own body.
///
/// A section lives as long as its page is open. Like a page, it holds its own ViewModel: the
/// app shows it once its work has settled and follows its changes as the page's.
@MainActor
public protocol WebSection: AnyObject {
    /// The work its ViewModel started; the app waits for it before it shows the page.
    var work: WorkTracker { get }
    /// Its page is shown for the first time: it sends `viewDidLoad()`.
    func appear()
    /// What it shows, below the page's own body, from its outputs as they are now.
    func body(_ page: WebPageContext) -> [HTML]
    /// Calls `changed` whenever what ``body(_:)`` shows may have changed, for as long as the
    /// returned observations are kept.
    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation]
}
