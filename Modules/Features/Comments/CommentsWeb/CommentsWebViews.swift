import AgoraArchitecture
import AgoraWebUI
import Comments

/// The Comments feature in the web app: an event's comments, with the composer, and its latest
/// comments on the event's page.
public struct CommentsWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { CommentsPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        (viewModel as? any CommentsViewModelType).map { CommentsPage(viewModel: $0) }
    }

    public func section(for route: Route, context: FeatureWebContext) throws -> (any WebSection)? {
        guard let eventID = try Self.eventPage.match(route)?.id() else { return nil }
        let resolver = context.resolver
        let dependency = try LatestCommentsViewModel.Dependency(
            fetcher: resolver.resolve(), loader: resolver.resolve(), sessions: resolver.resolve(), environment: resolver.resolve())
        return LatestCommentsSection(eventID: eventID, viewModel: LatestCommentsViewModel(eventID: eventID, dependency: dependency))
    }

    /// An event's page, which shows its latest comments.
    private static let eventPage: RoutePattern = "events/{id}"
}
