import ActivitiesWeb
import AgoraArchitecture
import AgoraWebUI
import AuthWeb
import CommentsWeb
import EventsWeb

/// The web app: the list of its features, each as its web view, which brings its plugin. Adding
/// a feature adds its web views here, as its screens are added to the REPL's `AgoraPlugins`.
@MainActor
public enum AgoraWebPlugins {
    /// Every feature's web views.
    public static var all: [any FeatureWebViews] {
        [
            AuthWebViews(),
            EventsWebViews(),
            CommentsWebViews(),
            ActivitiesWebViews(),
        ]
    }
}
