/// How much a button stands out among a page's others: one main action per page, the rest
/// plain, and the ones that remove something marked so (the style sheet's `.primary`,
/// `.quiet` and `.danger`).
public enum WebButtonLook: Sendable {
    /// An ordinary button.
    case plain
    /// The page's main action (an RSVP, a post, a login).
    case primary
    /// A button that stays out of the way (cancel, refresh).
    case quiet
    /// A button that removes something (delete, discard).
    case danger

    /// The button's class, `nil` for a plain one.
    var className: String? {
        switch self {
        case .plain: nil
        case .primary: "primary"
        case .quiet: "quiet"
        case .danger: "danger"
        }
    }
}
