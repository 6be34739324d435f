import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// An event's newest comments, for a screen about the event: the first rows of the thread the
/// comments screen shows, from the same cache, so both agree, and read-only (posting and
/// deleting are the comments screen's).
@MainActor
public final class LatestCommentsViewModel: LatestCommentsViewModelType, LatestCommentsViewModelInputs, LatestCommentsViewModelOutputs {
    /// How many comments are shown: a taste of the conversation, the rest a link away.
    public static let count = 3

    public var inputs: any LatestCommentsViewModelInputs { self }
    public var outputs: any LatestCommentsViewModelOutputs { self }
    public let work = WorkTracker()

    public var comments: Output<[CommentRow]> { commentsSource.output }
    public var isEmpty: Output<Bool> { list.isEmpty }
    public var showError: Signal<String> { showErrorSource.signal }

    private let commentsSource = OutputSource<[CommentRow]>([])
    private let showErrorSource = SignalSource<String>()
    private let eventID: Event.ID
    private let dependency: Dependency
    /// The thread, held a few rows at a time: only its start is ever shown.
    private let list: PagedList<Comment, CommentRow, ServiceError>
    private var observations: [OutputObservation] = []
    /// Who the rows were made for: their "mine" is theirs.
    private var rowsViewer: User.ID?

    /// - Parameters:
    ///   - eventID: the event whose comments to show.
    ///   - dependency: its UseCases, session and environment.
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
        let environment = dependency.environment
        let sessions = dependency.sessions
        rowsViewer = sessions.user?.id
        list = PagedList(work: work, environment: environment, windowSize: Self.count) { comment in
            CommentRow(comment: comment, viewer: sessions.user, environment: environment)
        }
        observations = [
            list.rows.observe { [weak self] rows in self?.commentsSource.sendIfChanged(Array(rows.prefix(Self.count))) },
            list.errors.observe { [weak self] error in self?.showErrorSource.send(error.description) },
            // Who is logged in decides which comments are "mine".
            sessions.session.observe { [weak self] session in self?.viewerChanged(session?.user.id) },
        ]
    }

    private func viewerChanged(_ viewer: User.ID?) {
        guard viewer != rowsViewer else { return }
        rowsViewer = viewer
        list.remakeRows(leading: [])
    }

    public func viewDidLoad() {
        let fetcher = dependency.fetcher
        let eventID = self.eventID
        list.start(following: dependency.loader.cachedComments(eventID: eventID)) { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        }
    }
}
