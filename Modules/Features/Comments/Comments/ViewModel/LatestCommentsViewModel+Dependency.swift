import AgoraArchitecture

extension LatestCommentsViewModel {
    /// What the ViewModel needs: the comments' UseCases, and who is logged in (whose comments
    /// are theirs).
    public struct Dependency: Sendable {
        public var fetcher: any CommentsFetchable
        public var loader: any CommentsLoadable
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(fetcher: any CommentsFetchable, loader: any CommentsLoadable, sessions: SessionStore, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.sessions = sessions
            self.environment = environment
        }
    }
}
