import AgoraArchitecture

/// A navigator that remembers where a coordinator sent the user: every feature's coordinator
/// tests read it instead of keeping a spy of their own.
@MainActor
public final class NavigatorSpy: Navigator {
    /// The routes opened, in order.
    public private(set) var opened: [Route] = []
    /// How many times `back()` was asked for.
    public private(set) var backCount = 0
    /// How many times `dismiss()` was asked for.
    public private(set) var dismissCount = 0

    public init() {}

    public func open(_ route: Route) { opened.append(route) }
    public func back() { backCount += 1 }
    public func dismiss() { dismissCount += 1 }
}
