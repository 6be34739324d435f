/// Why the feed has no rows; each case has its own message, since what the user can do differs.
public enum ActivitiesEmptyState: Hashable, Sendable {
    /// Nobody is logged in, so there is no feed to ask for.
    case loggedOut
    /// The logged-in user's feed was loaded and has nothing in it.
    case noActivity

    /// One line for the screen: what is missing and what to do about it.
    public var message: String {
        switch self {
        case .loggedOut: "Log in to see what is happening at the events you attend and host. Type `login`."
        case .noActivity: "Nothing here yet. RSVP to an event to follow its comments."
        }
    }
}
