/// Moves between screens by route. Coordinators hold one; the ``ApplicationCoordinator`` is it.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows the screen for `route` on top of the current one.
    func open(_ route: Route)
    /// Returns to the previous screen, if there is one.
    func back()
}
