/// Why the feed has no rows; each view phrases its own message (a terminal says which command
/// to type, a GUI shows a button), since what the user can do differs.
public enum ActivitiesEmptyState: Hashable, Sendable {
    /// Nobody is logged in, so there is no feed to ask for.
    case loggedOut
    /// The logged-in user's feed was loaded and has nothing in it.
    case noActivity
}
