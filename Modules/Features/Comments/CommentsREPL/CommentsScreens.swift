import AgoraArchitecture
import AgoraTerminalUI
import Comments

/// The Comments feature in the REPL: an event's comments.
public struct CommentsScreens: FeatureScreens {
    public init() {}

    public var plugin: any FeaturePlugin { CommentsPlugin() }

    public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        (viewModel as? any CommentsViewModelType).map { CommentsScreen(viewModel: $0, console: console) }
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [ScreenCommandSet(place: "an event's comments", link: "agora://events/42/comments", commands: CommentsScreen.commands)]
    }
}
