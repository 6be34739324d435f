import AgoraArchitecture
import AgoraWebUI
import Comments

/// The Comments feature in the web app: an event's comments, with the composer.
public struct CommentsWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { CommentsPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        (viewModel as? any CommentsViewModelType).map { CommentsPage(viewModel: $0) }
    }
}
