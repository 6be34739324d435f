import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// The registrations of TemplateItems: its cache, and one UseCase, seen as its fetch and load
/// sides.
///
/// Needs from the app: `ServiceType`, `ListCacheStore`, `AgoraEnvironment`.
public struct TemplateItemsAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        // Template items are this feature's own: its cache is made here, on the app's store.
        container.register((any ListCache<TemplateItem>).self, scope: .container) { resolver in
            try resolver.resolve((any ListCacheStore).self).cache(of: TemplateItem.self)
        }
        container.register(TemplateItemsUseCase.self, scope: .container) { resolver in
            try TemplateItemsUseCase(service: resolver.resolve(), cache: resolver.resolve((any ListCache<TemplateItem>).self))
        }
        container.register((any TemplateItemsFetchable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
        container.register((any TemplateItemsLoadable).self, forwardingTo: TemplateItemsUseCase.self) { $0 }
    }
}
