/// Which events a list shows; each view phrases its own title and empty message for it.
public enum EventsFilter: Hashable, Sendable {
    /// Every upcoming event, soonest first: the app's start.
    case upcoming
    /// The upcoming events the logged-in member is going to, those they host included: theirs
    /// alone, so the list needs a login and goes when the session ends.
    case going
}
