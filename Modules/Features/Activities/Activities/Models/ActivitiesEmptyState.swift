/// Why the feed has no rows; each view phrases its own message (which action to take, a button to
/// show), since what the user can do differs from view to view.
public enum ActivitiesEmptyState: Hashable, Sendable {
    /// Nobody is logged in, so there is no feed to ask for.
    case loggedOut
    /// The logged-in user's feed was loaded and has nothing in it.
    case noActivity
}
