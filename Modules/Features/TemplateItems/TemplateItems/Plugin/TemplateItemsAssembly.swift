import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// The registrations of TemplateItems: its own client (the mock or the live value, by the app's
/// `ServiceMode`), its cache and one UseCase, seen as its fetch and load sides.
///
/// Needs from the app: `ServiceMode`, and `ServiceType` (the upcoming events OSS mode's
/// template items are made from).
public struct TemplateItemsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register((any TemplateItemsService).self, scope: .container) { resolver in
            switch try resolver.resolve(ServiceMode.self) {
            case .oss: return try MockTemplateItemsService(service: resolver.resolve())
            case .live: return UnavailableTemplateItemsService()
            }
        }
        // Its own cache, in memory in both modes. To keep it across runs in live mode,
        // register `(any ListCache<TemplateItem>)` in the app's services assemblies and delete
        // this line (a plugin's registrations are applied after the app's and would win).
        container.register((any ListCache<TemplateItem>).self, scope: .container) { _ in InMemoryListCache<TemplateItem>() }
        container.register(TemplateItemsUseCase.self, scope: .container) { resolver in
            try TemplateItemsUseCase(service: resolver.resolve((any TemplateItemsService).self), cache: resolver.resolve((any ListCache<TemplateItem>).self))
        }
        container.register((any TemplateItemsFetchable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
        container.register((any TemplateItemsLoadable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
    }
}
