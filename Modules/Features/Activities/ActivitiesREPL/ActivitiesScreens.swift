import Activities
import AgoraArchitecture
import AgoraTerminalUI

/// The Activities feature in the REPL: the activity feed.
public struct ActivitiesScreens: FeatureScreens {
    public init() {}

    public var plugin: any FeaturePlugin { ActivitiesPlugin() }

    public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        (viewModel as? any ActivitiesViewModelType).map { ActivitiesScreen(viewModel: $0, console: console) }
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [ScreenCommandSet(place: "your activity feed", link: "agora://activities", commands: ActivitiesScreen.commands)]
    }
}
