import AgoraArchitecture
import Activities
import Auth
import Comments
import Events

/// The app: the list of its features. Adding a feature adds its plugin here.
@MainActor
public enum AgoraPlugins {
    public static var all: [any FeaturePlugin] {
        [
            AuthPlugin(),
            EventsPlugin(),
            CommentsPlugin(),
            ActivitiesPlugin(),
        ]
    }
}
