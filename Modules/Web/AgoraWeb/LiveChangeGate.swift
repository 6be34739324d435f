/// Lets a live stream announce only the changes made after it opened.
///
/// An ``Output`` tells a new observer its current value at once; the page the browser holds was
/// rendered from those values already, and announcing them would make the page fetch itself
/// again and lose what a render shows once (an error, a notice). The gate stays shut while the
/// stream observes the page, and opens after.
@MainActor
final class LiveChangeGate {
    /// Whether changes are announced: after the observations were made.
    private(set) var isOpen = false

    /// Changes from now on are announced.
    func open() {
        isOpen = true
    }
}
