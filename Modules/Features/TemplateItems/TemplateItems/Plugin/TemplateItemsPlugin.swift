import AgoraArchitecture
import AgoraDI

/// The TemplateItems feature as the app sees it: its registrations and its destination, the
/// template items list (`agora://template-items`).
public struct TemplateItemsPlugin: FeaturePlugin {
    public init() {}

    public let name = "TemplateItems"

    public var assembly: any Assembly { TemplateItemsAssembly() }

    public var destinations: [Destination] {
        [
            Destination("template-items", summary: "the template items list") { _, context in
                let resolver = context.resolver
                let dependency = try TemplateItemsViewModel.Dependency(
                    fetcher: resolver.resolve(), loader: resolver.resolve(), environment: resolver.resolve())
                return TemplateItemsCoordinator(dependency: dependency, navigator: context.navigator)
            }
        ]
    }
}
