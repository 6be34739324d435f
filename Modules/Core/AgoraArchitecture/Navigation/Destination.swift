/// A place a feature shows: the routes it matches, a line saying what it is, and how to start it.
///
/// A plugin lists its destinations; the ``ApplicationCoordinator`` dispatches a route to the first
/// that matches, and a host lists the app's places, completes links and explains them from the
/// same list, so a new feature's links appear with no edit outside it.
@MainActor
public struct Destination {
    /// The routes it shows: `events/{id}`.
    public let pattern: RoutePattern
    /// What it shows, as a person would say it: "an event's screen".
    public let summary: String
    private let start: @MainActor (RouteParameters, FeatureContext) throws -> any Coordinator

    /// - Parameters:
    ///   - pattern: the routes it shows.
    ///   - summary: what it shows, for `routes` and help.
    ///   - start: the coordinator for a matching route, given its parameters.
    public init(
        _ pattern: RoutePattern,
        summary: String,
        start: @escaping @MainActor (RouteParameters, FeatureContext) throws -> any Coordinator
    ) {
        self.pattern = pattern
        self.summary = summary
        self.start = start
    }

    /// A link of this shape, e.g. `agora://events/42`.
    public var exampleLink: String { pattern.example.url }

    /// The coordinator for `route`, or `nil` when the route does not match.
    func makeCoordinator(for route: Route, context: FeatureContext) throws -> (any Coordinator)? {
        guard let parameters = pattern.match(route) else { return nil }
        return try start(parameters, context)
    }
}
