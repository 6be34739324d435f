import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// An event's comments: cached rows at once, then fresh pages, older ones near the end; posting
/// is optimistic and never loses what the user typed; posting and deleting ask for a login first.
@MainActor
public final class CommentsViewModel: CommentsViewModelType, CommentsViewModelInputs,
    CommentsViewModelOutputs, CommentsNavigationEvents {
    /// What the ViewModel needs (Eight's `Dependency`).
    public struct Dependency: Sendable {
        public var fetcher: any CommentsFetchable
        public var loader: any CommentsLoadable
        public var poster: any CommentsPostable
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(
            fetcher: any CommentsFetchable, loader: any CommentsLoadable, poster: any CommentsPostable,
            sessions: SessionStore, environment: AgoraEnvironment
        ) {
            self.fetcher = fetcher
            self.loader = loader
            self.poster = poster
            self.sessions = sessions
            self.environment = environment
        }
    }

    public var inputs: any CommentsViewModelInputs { self }
    public var outputs: any CommentsViewModelOutputs { self }
    public var navigation: any CommentsNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<[CommentRow]> { rowsSource.output }
    public var isLoading: Output<Bool> { paginator.isLoading }
    public var isEmpty: Output<Bool> { isEmptySource.output }
    public var hasMorePages: Output<Bool> { paginator.hasMorePages }
    public var isPostButtonEnabled: Output<Bool> { isPostButtonEnabledSource.output }
    public var charactersRemaining: Output<Int> { charactersRemainingSource.output }
    public var clearCommentText: Signal<Void> { clearCommentTextSource.signal }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }
    public var showEvent: Signal<Event.ID> { showEventSource.signal }

    private let rowsSource = OutputSource<[CommentRow]>([])
    private let isEmptySource = OutputSource(false)
    private let isPostButtonEnabledSource = OutputSource(false)
    private let charactersRemainingSource = OutputSource(Comment.maximumLength)
    private let clearCommentTextSource = SignalSource<Void>()
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showEventSource = SignalSource<Event.ID>()

    private let eventID: Event.ID
    private let dependency: Dependency
    private let paginator: Paginator<Comment, ServiceError>
    private let loginGate: LoginGate
    private var observations: [Observation] = []

    /// The composer's text.
    private var text = CommentText("")
    /// What the user wrote here and the server has not confirmed, newest first.
    private var drafts: [LocalComment] = []
    private var nextDraftID: LocalComment.ID = 1
    /// Comments to delete once the user logs in.
    private var deletesAwaitingLogin: [Comment] = []
    /// Comments whose deletion is in flight, so a second tap sends nothing.
    private var deleting: Set<Comment.ID> = []
    /// Numbers each login request, so only the latest one's cancellation counts.
    private var loginRequests = 0

    /// A row's content: an unconfirmed draft or a loaded comment.
    private enum Item {
        case draft(LocalComment)
        case comment(Comment)
    }

    /// - Parameter eventID: the event whose comments to show (Kickstarter's `configureWith`).
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
        loginGate = LoginGate(sessions: dependency.sessions)
        let fetcher = dependency.fetcher
        paginator = Paginator(work: work, concat: { Paginator<Comment, ServiceError>.appendingNew($0, $1) }) { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        }
        bind()
    }

    private func bind() {
        observations = [
            paginator.values.observe { [weak self] _ in self?.publishRows() },
            paginator.isEmpty.observe { [weak self] _ in self?.publishIsEmpty() },
            paginator.errors.observe { [weak self] error in self?.showErrorSource.send(error.description) },
            // Who is logged in decides which rows are "mine" and the drafts' author.
            dependency.sessions.session.observe { [weak self] _ in self?.publishRows() },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let loader = dependency.loader
        let id = eventID
        work.start { [weak self] in
            let cached = await loader.loadComments(eventID: id)
            // Fresh rows win: the paginator shows the cache only while no page has arrived.
            self?.paginator.prefill(cached)
        }
        paginator.requestFirstPage()
    }

    public func viewDidReappear() {
        loginGate.screenReappeared()
    }

    public func refresh() {
        paginator.requestFirstPage()
    }

    public func willDisplayRow(_ row: Int, outOf total: Int) {
        paginator.willDisplayRow(row, outOf: total)
    }

    public func commentTextChanged(_ text: String) {
        self.text = CommentText(text)
        isPostButtonEnabledSource.sendIfChanged(self.text.isPostable)
        charactersRemainingSource.sendIfChanged(self.text.charactersRemaining)
    }

    public func postButtonTapped() {
        if let problem = text.problem(locale: dependency.environment.locale) {
            showErrorSource.send(problem)
            return
        }
        let session = loginGate.session
        let draft = LocalComment(
            id: nextDraftID, body: text.body, createdAt: dependency.environment.now(),
            state: session == nil ? .waitingForLogin : .sending
        )
        nextDraftID += 1
        drafts.insert(draft, at: 0)
        commentTextChanged("")
        clearCommentTextSource.send()
        publishRows()
        if let session {
            send(draft.id, token: session.token)
        } else {
            requestLogin(sessionExpired: false)
        }
    }

    public func retryTapped(row: Int) {
        switch item(at: row) {
        case .draft(let draft):
            switch draft.state {
            case .sending:
                showErrorSource.send("That comment is still being sent; wait for it to finish.")
            case .failed, .notSent, .waitingForLogin:
                if let session = loginGate.session {
                    send(draft.id, token: session.token)
                } else {
                    setState(.waitingForLogin, of: draft.id)
                    requestLogin(sessionExpired: false)
                }
            }
        case .comment:
            showErrorSource.send("That comment is already posted; only a comment that was not sent can be retried.")
        case nil:
            return
        }
    }

    public func discardTapped(row: Int) {
        switch item(at: row) {
        case .draft(let draft):
            guard draft.state != .sending else {
                showErrorSource.send("That comment is still being sent; wait for it to finish before discarding it.")
                return
            }
            drafts.removeAll { $0.id == draft.id }
            publishRows()
            showMessageSource.send("Comment discarded.")
        case .comment:
            showErrorSource.send("That comment is already posted, so there is nothing to discard; use delete to remove it.")
        case nil:
            return
        }
    }

    public func deleteTapped(row: Int) {
        switch item(at: row) {
        case .draft:
            // An unsent comment is not on the server: deleting it is discarding it.
            discardTapped(row: row)
        case .comment(let comment):
            guard !deleting.contains(comment.id) else {
                showErrorSource.send("That comment is already being deleted.")
                return
            }
            if let session = loginGate.session {
                delete(comment, session: session)
            } else {
                deletesAwaitingLogin.append(comment)
                requestLogin(sessionExpired: false)
            }
        case nil:
            return
        }
    }

    public func eventTapped() {
        showEventSource.send(eventID)
    }

    // MARK: Posting

    private func send(_ draftID: LocalComment.ID, token: AccessToken) {
        guard let draft = drafts.first(where: { $0.id == draftID }) else { return }  // discarded meanwhile
        setState(.sending, of: draftID)
        let poster = dependency.poster
        let request = CommentDraft(eventID: eventID, body: draft.body)
        work.start { [weak self] in
            let result = await Result<Comment, ServiceError> { () async throws(ServiceError) in
                try await poster.postComment(request, token: token)
            }
            self?.finishPosting(draftID, result: result)
        }
    }

    private func finishPosting(_ draftID: LocalComment.ID, result: Result<Comment, ServiceError>) {
        switch result {
        case .success(let comment):
            drafts.removeAll { $0.id == draftID }
            // The server's comment replaces the draft, on top; a refresh may have brought it already.
            paginator.modify { comments in
                comments.removeAll { $0.id == comment.id }
                comments.insert(comment, at: 0)
            }
            showMessageSource.send("Comment posted.")
        case .failure(.unauthorized):
            setState(.waitingForLogin, of: draftID)
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            // The row says why (Kickstarter's failed comment cell): no separate error message.
            setState(.failed(error.description), of: draftID)
        }
    }

    private func setState(_ state: LocalComment.State, of draftID: LocalComment.ID) {
        guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { return }
        drafts[index].state = state
        publishRows()
    }

    // MARK: Deleting

    private func delete(_ comment: Comment, session: Session) {
        guard comment.author.id == session.user.id else {
            showErrorSource.send("You can only delete your own comments.")
            return
        }
        deleting.insert(comment.id)
        let poster = dependency.poster
        let token = session.token
        work.start { [weak self] in
            let result = await Result<Void, ServiceError> { () async throws(ServiceError) in
                try await poster.deleteComment(id: comment.id, token: token)
            }
            self?.finishDeleting(comment, result: result)
        }
    }

    private func finishDeleting(_ comment: Comment, result: Result<Void, ServiceError>) {
        deleting.remove(comment.id)
        switch result {
        case .success:
            paginator.modify { $0.removeAll { $0.id == comment.id } }
            showMessageSource.send("Comment deleted.")
        case .failure(.unauthorized):
            showErrorSource.send(ServiceError.unauthorized.description)
            deletesAwaitingLogin.append(comment)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            showErrorSource.send(error.description)
        }
    }

    // MARK: Login

    /// Asks for a login; once it happens every draft waiting for it is sent and every delete
    /// waiting for it is made. `sessionExpired`: the server refused the session, which ends.
    private func requestLogin(sessionExpired: Bool) {
        loginRequests += 1
        let request = loginRequests
        let resume: @MainActor (Session) -> Void = { [weak self] session in
            self?.loginSucceeded(session)
        }
        let cancel: @MainActor () -> Void = { [weak self] in
            // A newer request replaced this one and still waits for everything this one did.
            guard let self, request == loginRequests else { return }
            loginCancelled()
        }
        if sessionExpired {
            loginGate.sessionExpired(retry: resume, ifCancelled: cancel)
        } else {
            loginGate.withSession(resume, ifCancelled: cancel)
        }
    }

    private func loginSucceeded(_ session: Session) {
        // Oldest first, so the server gets them in the order they were written.
        let waiting = drafts.filter { $0.state == .waitingForLogin }.map(\.id).reversed()
        for draftID in waiting {
            send(draftID, token: session.token)
        }
        let deletes = deletesAwaitingLogin
        deletesAwaitingLogin = []
        for comment in deletes {
            delete(comment, session: session)
        }
    }

    private func loginCancelled() {
        // Nothing typed is lost: the rows stay, marked "not sent", to retry or discard.
        for index in drafts.indices where drafts[index].state == .waitingForLogin {
            drafts[index].state = .notSent
        }
        let deletes = deletesAwaitingLogin.count
        deletesAwaitingLogin = []
        publishRows()
        if deletes > 0 {
            showMessageSource.send("Not logged in, so no comment was deleted.")
        }
    }

    // MARK: Rows

    private func item(at row: Int) -> Item? {
        if drafts.indices.contains(row) { return .draft(drafts[row]) }
        let comments = paginator.values.value
        let index = row - drafts.count
        return comments.indices.contains(index) ? .comment(comments[index]) : nil
    }

    private func publishRows() {
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        let rows = drafts.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
            + paginator.values.value.map { CommentRow(comment: $0, viewer: viewer, environment: environment) }
        rowsSource.sendIfChanged(rows)
        publishIsEmpty()
    }

    private func publishIsEmpty() {
        isEmptySource.sendIfChanged(paginator.isEmpty.value && drafts.isEmpty)
    }
}
