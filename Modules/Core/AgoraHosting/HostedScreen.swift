import AgoraArchitecture

/// What a view's screen is to the host that shows it, whatever the view: a terminal screen, a web
/// page, a SwiftUI view's model. The view's own screen protocol refines it with what it draws.
@MainActor
public protocol HostedScreen: AnyObject {
    /// The work the screen's ViewModel started; the host waits for it (``ScreenHost/settle()``).
    var work: WorkTracker { get }
    /// The screen is shown for the first time: it sends `viewDidLoad()` and draws.
    func appear()
    /// The user is back on the screen after another one closed above it: it shows what changed
    /// meanwhile.
    func reappear()
}
