import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels

/// The registrations of TemplateItems: its service, its cache, and one UseCase, seen as its
/// fetch and load sides.
///
/// Needs from the app: `ServiceMode`, `ServiceRequestTrace`, `ListCacheStore`,
/// `AgoraEnvironment`, and in OSS mode `MockService`.
public struct TemplateItemsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // The feature's own service: the mock or the live one, as the app's mode says, traced.
        container.register((any TemplateItemsService).self, scope: .container) { resolver in
            let mode = try resolver.resolve(ServiceMode.self)
            let base: any TemplateItemsService =
                switch mode {
                case .oss: try MockTemplateItemsService(mock: resolver.resolve())
                case .live: LiveTemplateItemsService()
                }
            return try TracedTemplateItemsService(base, mode: mode, trace: resolver.resolve())
        }
        // Template items are this feature's own: its cache is made here, on the app's store.
        container.register((any ListCache<TemplateItem>).self, scope: .container) { resolver in
            try resolver.resolve((any ListCacheStore).self).cache(of: TemplateItem.self)
        }
        container.register(TemplateItemsUseCase.self, scope: .container) { resolver in
            try TemplateItemsUseCase(service: resolver.resolve((any TemplateItemsService).self), cache: resolver.resolve((any ListCache<TemplateItem>).self))
        }
        container.register((any TemplateItemsFetchable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
        container.register((any TemplateItemsLoadable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
    }
}
