import AgoraArchitecture
import AgoraTerminalUI
import TemplateItems

/// The TemplateItems feature in the REPL: the template items list.
public struct TemplateItemsScreens: FeatureScreens {
    public init() {}

    public var plugin: any FeaturePlugin { TemplateItemsPlugin() }

    public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        (viewModel as? any TemplateItemsViewModelType).map { TemplateItemsScreen(viewModel: $0, console: console) }
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [ScreenCommandSet(place: "the template items list", link: "agora://template-items", commands: TemplateItemsScreen.commands)]
    }
}
