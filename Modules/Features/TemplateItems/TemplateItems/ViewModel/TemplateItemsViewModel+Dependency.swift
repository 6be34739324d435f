import AgoraAPI
import AgoraArchitecture
import AgoraModels

extension TemplateItemsViewModel {
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any TemplateItemsFetchable
        public var loader: any TemplateItemsLoadable
        public var environment: AgoraEnvironment

        public init(fetcher: any TemplateItemsFetchable, loader: any TemplateItemsLoadable, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.environment = environment
        }
    }
}
