/// One link of a menu the app draws from the plugins' places (``FeatureWebViews/menuPlace(for:)``):
/// where it leads, what it says, and whether the page shown is that place.
public struct WebMenuLink: Hashable, Sendable {
    /// The place's path (`/events/going`).
    public let path: String
    /// What the link says ("Your events").
    public let label: String
    /// Whether the page shown is this place or one of its pages (`aria-current="page"`).
    public let isCurrent: Bool

    /// - Parameters:
    ///   - path: where it leads.
    ///   - label: what it says.
    ///   - isCurrent: whether the page shown is that place.
    public init(path: String, label: String, isCurrent: Bool) {
        self.path = path
        self.label = label
        self.isCurrent = isCurrent
    }

    /// The link as an `<a>`, marked as the current place when it is.
    public var html: HTML {
        var attributes = [HTML.Attribute("href", path)]
        if isCurrent { attributes.append(HTML.Attribute("aria-current", "page")) }
        return .element("a", attributes: attributes, [.text(label)])
    }
}

/// Which of the app's menus holds a place: the bar every page shows, or the logged-in member's
/// account menu, for places that are theirs alone (the events they go to).
public enum WebMenuPlace: Hashable, Sendable {
    /// The header's bar, for everyone (the events, the activity feed).
    case bar
    /// The member's account menu, shown while someone is logged in.
    case account
}
