import AgoraArchitecture
import AgoraHosting

/// A feature's view in the web app: it holds a ViewModel's `Type`, renders its current outputs
/// as the page's `<main>`, and turns a form's POST into the ViewModel's inputs.
///
/// The app renders a page only once the ViewModel's work has settled (`work` idle), so a page
/// shows what the request started, as the REPL prints after a command's work ends. Signals (an
/// error, "Comment posted.") are kept in ``WebMessages`` until the next page shows them.
@MainActor
public protocol WebScreen: HostedScreen {
    /// The page's title, its one `<h1>`.
    var title: String { get }
    /// What `<main>` holds besides the `<h1>`, from the outputs as they are now.
    func body(_ page: WebPageContext) -> [HTML]
    /// Sends the inputs of `action`; throws a one-line message for an action this page does not
    /// have or bad fields.
    func perform(_ action: WebAction) throws(WebActionError)
    /// Calls `changed` whenever what ``body(_:)`` shows may have changed, for as long as the
    /// returned observations are kept (server-sent events).
    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation]
    /// The inputs the page sends through, traced (the explorer panel shows them); `nil` by
    /// default.
    var tracedInputs: (any InputTracing)? { get }
    /// The action a post to the page's own path sends when no button names one (a script's
    /// post, a form sent with Enter in a browser that names no button); `nil` by default.
    var defaultAction: String? { get }
    /// What `action` waits for when it opened the login, in the page's words ("Log in to post
    /// your comment."), for the login page to say; `nil` by default.
    func loginReason(for action: WebAction) -> String?
    /// Where on the page the answer to the action just performed takes the reader: the id of
    /// an element (`row-20`, the first row `more` added), so the page opens where they go on
    /// reading; `nil`, the default, for its top.
    var anchor: String? { get }
}

extension WebScreen {
    public func reappear() {}
    public var tracedInputs: (any InputTracing)? { nil }
    public var defaultAction: String? { nil }
    public func loginReason(for action: WebAction) -> String? { nil }
    public var anchor: String? { nil }
}
