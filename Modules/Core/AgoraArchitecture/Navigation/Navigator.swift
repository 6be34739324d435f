/// Moves between screens by route. Coordinators hold one; the ``ApplicationCoordinator`` is it.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows the screen for `route` on top of the current one.
    func open(_ route: Route)
    /// Returns to the previous screen, if there is one.
    func back()
    /// Closes the current screen, even the only one (a login finished or cancelled: there is
    /// nothing to show on its own). By default the same as ``back()``.
    func dismiss()
}

extension Navigator {
    public func dismiss() { back() }
}
