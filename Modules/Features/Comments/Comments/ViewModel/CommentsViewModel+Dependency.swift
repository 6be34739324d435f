import AgoraArchitecture

extension CommentsViewModel {
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any CommentsFetchable
        public var loader: any CommentsLoadable
        public var poster: any CommentsPostable
        public var queue: any CommentsQueueing
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(
            fetcher: any CommentsFetchable, loader: any CommentsLoadable, poster: any CommentsPostable,
            queue: any CommentsQueueing, sessions: SessionStore, environment: AgoraEnvironment
        ) {
            self.fetcher = fetcher
            self.loader = loader
            self.poster = poster
            self.queue = queue
            self.sessions = sessions
            self.environment = environment
        }
    }
}
