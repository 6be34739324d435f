import AgoraArchitecture
import AgoraDI

/// The Comments feature as the app sees it (being built).
public struct CommentsPlugin: FeaturePlugin {
    public init() {}

    public let name = "Comments"

    public var assembly: any Assembly { CommentsAssembly() }

    public func handles(_ route: Route) -> Bool { false }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        throw NavigationError.noFeature(route)
    }
}

struct CommentsAssembly: Assembly {
    func assemble(container: Container) {}
}
