import ActivitiesREPL
import AgoraArchitecture
import AgoraTerminalUI
import AuthREPL
import CommentsREPL
import EventsREPL

/// The app: the list of its features, each as its REPL view, which brings its plugin. Adding a
/// feature adds its screens here.
@MainActor
public enum AgoraPlugins {
    /// Every feature's screens.
    public static var all: [any FeatureScreens] {
        [
            AuthScreens(),
            EventsScreens(),
            CommentsScreens(),
            ActivitiesScreens(),
        ]
    }

    /// Every feature's plugin: what the app registers and navigates with.
    public static var plugins: [any FeaturePlugin] { all.map(\.plugin) }
}
