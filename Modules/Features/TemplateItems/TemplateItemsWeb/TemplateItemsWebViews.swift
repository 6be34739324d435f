import AgoraArchitecture
import AgoraWebUI
import TemplateItems

/// The TemplateItems feature in the web app: its list.
public struct TemplateItemsWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { TemplateItemsPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        (viewModel as? any TemplateItemsViewModelType).map { TemplateItemsPage(viewModel: $0) }
    }
}
