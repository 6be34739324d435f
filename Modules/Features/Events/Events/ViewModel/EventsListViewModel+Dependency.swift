import AgoraAPI
import AgoraArchitecture
import AgoraModels

extension EventsListViewModel {
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any EventsFetchable
        public var loader: any EventsLoadable
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(fetcher: any EventsFetchable, loader: any EventsLoadable, sessions: SessionStore, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.sessions = sessions
            self.environment = environment
        }
    }
}
