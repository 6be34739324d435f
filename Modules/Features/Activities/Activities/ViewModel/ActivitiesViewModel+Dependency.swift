import AgoraAPI
import AgoraArchitecture
import AgoraModels

extension ActivitiesViewModel {
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any ActivitiesFetchable
        public var loader: any ActivitiesLoadable
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(fetcher: any ActivitiesFetchable, loader: any ActivitiesLoadable, sessions: SessionStore, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.sessions = sessions
            self.environment = environment
        }
    }
}
