import AgoraArchitecture
import AgoraDI

/// A feature's web view: the pages that show its ViewModels, and what it adds to every page.
/// The web side of a `FeaturePlugin`, as `FeatureScreens` is the terminal's.
///
/// Each feature's web target exports one (`EventsWebViews`); the web app is the list of them.
@MainActor
public protocol FeatureWebViews {
    /// The feature library's plugin: its registrations, routes and coordinators.
    var plugin: any FeaturePlugin { get }
    /// The page that shows `viewModel`, or `nil` when no coordinator of this feature starts
    /// ViewModels of its kind.
    func screen(for viewModel: any ViewModel) -> (any WebScreen)?
    /// What the feature adds to every page (Auth: who is logged in, and `POST /logout`); none
    /// by default.
    func pageParts(context: FeatureWebContext) throws -> FeatureWebParts
    /// What the app's menu calls `route`, one of this feature's places that need no id, in a
    /// word or two ("Events"); `nil` for the plugin's summary of it, capitalized.
    func menuLabel(for route: Route) -> String?
    /// Which menu shows `route`, one of this feature's places that need no id: the member's
    /// account menu for a place that is theirs alone; `nil`, the default, for the bar.
    func menuPlace(for route: Route) -> WebMenuPlace?
    /// What the feature shows on the page of `route`, another feature's (Comments: an event's
    /// latest comments on `/events/1`); `nil`, the default, for none.
    func section(for route: Route, context: FeatureWebContext) throws -> (any WebSection)?
}

extension FeatureWebViews {
    public func pageParts(context: FeatureWebContext) throws -> FeatureWebParts { FeatureWebParts() }
    public func menuLabel(for route: Route) -> String? { nil }
    public func menuPlace(for route: Route) -> WebMenuPlace? { nil }
    public func section(for route: Route, context: FeatureWebContext) throws -> (any WebSection)? { nil }
}

/// What a feature's every-page parts get from the app: where to resolve their dependencies and
/// how to navigate.
@MainActor
public struct FeatureWebContext {
    public let resolver: any Resolver
    public let navigator: any Navigator

    /// - Parameters:
    ///   - resolver: the session's container.
    ///   - navigator: the session's application coordinator.
    public init(resolver: any Resolver, navigator: any Navigator) {
        self.resolver = resolver
        self.navigator = navigator
    }
}

/// What a feature shows on every page and the posts it answers on every page.
@MainActor
public struct FeatureWebParts {
    /// Shown in every page's header (the account line and its logout button).
    public let header: @MainActor (WebPageContext) -> HTML
    /// The actions posted to `/<name>` from any page (`logout`), each sending its inputs; the
    /// app waits for the work it returns before it answers.
    public let actions: [String: @MainActor () -> WorkTracker?]
    /// The messages the parts' signals sent ("Logged out."), shown on the next page.
    public let messages: WebMessages?

    /// - Parameters:
    ///   - header: what every page's header shows.
    ///   - actions: the every-page actions, by name.
    ///   - messages: where the parts keep what their signals said.
    public init(
        header: @escaping @MainActor (WebPageContext) -> HTML = { _ in .empty },
        actions: [String: @MainActor () -> WorkTracker?] = [:],
        messages: WebMessages? = nil
    ) {
        self.header = header
        self.actions = actions
        self.messages = messages
    }
}
