import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// An event's comments: cached rows at once, then fresh pages, older ones near the end, all
/// following the cache; posting is optimistic and never loses what the user typed: a post the
/// server cannot take now waits in the outbox, shown as queued, and is sent once the server
/// answers again; posting and deleting ask for a login first.
@MainActor
public final class CommentsViewModel: CommentsViewModelType, CommentsViewModelInputs,
    CommentsViewModelOutputs, CommentsNavigationEvents {
    public var inputs: any CommentsViewModelInputs { self }
    public var outputs: any CommentsViewModelOutputs { self }
    public var navigation: any CommentsNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<[CommentRow]> { rowsSource.output }
    public var isLoading: Output<Bool> { list.isLoading }
    public var isEmpty: Output<Bool> { isEmptySource.output }
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    public var isPostButtonEnabled: Output<Bool> { isPostButtonEnabledSource.output }
    public var charactersRemaining: Output<Int> { charactersRemainingSource.output }
    public var clearCommentText: Signal<Void> { clearCommentTextSource.signal }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showNothingQueued: Signal<Void> { showNothingQueuedSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }
    public var showEvent: Signal<Event.ID> { showEventSource.signal }
    public var close: Signal<Void> { closeSource.signal }
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }

    private let rowsSource = OutputSource<[CommentRow]>([])
    private let isEmptySource = OutputSource(false)
    private let isPostButtonEnabledSource = OutputSource(false)
    private let charactersRemainingSource = OutputSource(Comment.maximumLength)
    private let clearCommentTextSource = SignalSource<Void>()
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showNothingQueuedSource = SignalSource<Void>()
    private let showEventSource = SignalSource<Event.ID>()
    private let closeSource = SignalSource<Void>()

    private let eventID: Event.ID
    private let dependency: Dependency
    /// The event's cached comments, paged; held while a page or a change of this screen's is
    /// in flight, so a change shows when it ends, together with what it means for the drafts.
    private let list: CachedPagedList<Comment, ServiceError>
    private let loginGate: LoginGate
    private var observations: [OutputObservation] = []

    /// The composer's text.
    private var text = CommentText("")
    /// What the user wrote here and the server has not confirmed, and where each stands.
    private var drafts = CommentDrafts()
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

    /// - Parameters:
    ///   - eventID: the event whose comments to show.
    ///   - dependency: its UseCases, outbox, session and environment.
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
        loginGate = LoginGate(sessions: dependency.sessions)
        let fetcher = dependency.fetcher
        let loader = dependency.loader
        list = CachedPagedList(work: work) { onChange in
            await loader.observeComments(eventID: eventID, onChange)
        } loadPage: { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        }
        bind()
    }

    private func bind() {
        observations = [
            list.items.observe { [weak self] _ in self?.publishRows() },
            list.isEmpty.observe { [weak self] _ in self?.publishIsEmpty() },
            // The server answers again: what waited for it goes now.
            list.firstPageLoaded.observe { [weak self] in
                guard let self, let session = loginGate.session else { return }
                sendQueued(session: session)
            },
            list.errors.observe { [weak self] error in
                guard let self else { return }
                showErrorSource.send(error.description)
                if case .notFound = error, rowsSource.value.isEmpty { closeSource.send(()) }
            },
            // Who is logged in decides which rows are "mine" and the drafts' author.
            dependency.sessions.session.observe { [weak self] _ in self?.publishRows() },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let queue = dependency.queue
        let id = eventID
        // What this device knows shows first, as one table: the cached comments and the ones
        // waiting in the outbox (also from before a restart); then the first page is asked for.
        list.start { [weak self] in
            let queued = await queue.queuedComments(eventID: id)
            guard let self else { return }
            drafts.restoreOutbox(queued, viewerID: dependency.sessions.user?.id)
        }
    }

    public func viewDidReappear() {
        loginGate.screenReappeared()
    }

    public func refresh() {
        list.refresh()
    }

    public func willDisplayRow(_ row: Int, outOf total: Int) {
        list.willDisplayRow(row, outOf: total)
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
        let draftID = drafts.write(text.body, at: dependency.environment.now(), isLoggedIn: session != nil)
        commentTextChanged("")
        clearCommentTextSource.send()
        publishRows()
        if let session {
            send(draftID, session: session)
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
            case .failed, .notSent, .waitingForLogin, .queued:
                if let session = loginGate.session {
                    send(draft.id, session: session)
                } else {
                    drafts.waitForLogin(draft.id)
                    publishRows()
                    requestLogin(sessionExpired: false)
                }
            }
        case .comment:
            showErrorSource.send("That comment is already posted; only a comment that was not sent can be retried.")
        case nil:
            return
        }
    }

    public func retryQueuedTapped() {
        guard !drafts.outboxToSend.isEmpty else {
            showNothingQueuedSource.send(())
            return
        }
        if let session = loginGate.session {
            sendQueued(session: session)
        } else {
            drafts.waitForLoginToSendOutbox()
            publishRows()
            requestLogin(sessionExpired: false)
        }
    }

    public func discardTapped(row: Int) {
        switch item(at: row) {
        case .draft(let draft):
            guard drafts.discard(draft.id) != nil else {
                showErrorSource.send("That comment is still being sent; wait for it to finish before discarding it.")
                return
            }
            publishRows()
            showMessageSource.send("Comment discarded.")
            if draft.isInOutbox {
                let queue = dependency.queue
                work.start { await queue.discardQueuedComment(id: draft.clientID) }
            }
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

    /// Sends a draft as `session`'s user: on its own, or with the queued comments when it waits
    /// in the outbox.
    private func send(_ draftID: LocalComment.ID, session: Session) {
        guard let draft = drafts.draft(draftID) else { return }  // discarded meanwhile
        if draft.isInOutbox {
            sendQueued(session: session)
            return
        }
        drafts.startPosting(draftID)
        publishRows()
        let change = list.beginChange()
        let poster = dependency.poster
        let comment = OutgoingComment(
            draft: CommentDraft(eventID: eventID, body: draft.body, clientID: draft.clientID), writtenAt: draft.createdAt,
            authorID: session.user.id
        )
        let token = session.token
        work.start { [weak self] in
            let result = await Result<PostOutcome, ServiceError> { () async throws(ServiceError) in
                try await poster.postComment(comment, token: token)
            }
            self?.finishPosting(draftID, result: result, change: change)
        }
    }

    private func finishPosting(_ draftID: LocalComment.ID, result: Result<PostOutcome, ServiceError>, change: ListChange) {
        drafts.postEnded(draftID, with: result)
        settle(change)
        switch result {
        case .success(.posted):
            showMessageSource.send("Comment posted.")
        case .success(.queued(.unauthorized)), .failure(.unauthorized):
            // Kept (in the outbox when the UseCase could); it goes after the login asked for.
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .success(.queued), .failure:
            // The row says why: queued, or failed (Kickstarter's failed comment cell).
            break
        }
    }

    /// Ends one of this screen's changes: the drafts have changed first, and the cache the change
    /// held shows with them, so a posted draft leaves as its comment arrives.
    private func settle(_ change: ListChange) {
        change.end()
        publishRows()
    }

    // MARK: The outbox

    /// Sends the queued comments (after a first page, on retry, after a login); does nothing
    /// while this screen is already sending them.
    private func sendQueued(session: Session) {
        guard let sending = drafts.startSendingOutbox() else { return }
        publishRows()
        let change = list.beginChange()
        let queue = dependency.queue
        let id = eventID
        work.start { [weak self] in
            let delivery = await queue.sendQueuedComments(eventID: id, session: session)
            self?.finishSendingQueued(sending, delivery: delivery, change: change)
        }
    }

    private func finishSendingQueued(_ sent: [LocalComment.ID], delivery: QueuedCommentsDelivery, change: ListChange) {
        let posted = drafts.outboxSendingEnded(sent, with: delivery)
        settle(change)
        for _ in 0..<posted {
            showMessageSource.send("Comment posted.")
        }
        if delivery.stoppedBy == .unauthorized {
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        }
    }

    // MARK: Deleting

    private func delete(_ comment: Comment, session: Session) {
        guard comment.author.id == session.user.id else {
            showErrorSource.send("You can only delete your own comments.")
            return
        }
        deleting.insert(comment.id)
        let change = list.beginChange()
        let poster = dependency.poster
        let token = session.token
        work.start { [weak self] in
            let result = await Result<Void, ServiceError> { () async throws(ServiceError) in
                try await poster.deleteComment(id: comment.id, token: token)
            }
            self?.finishDeleting(comment, result: result, change: change)
        }
    }

    private func finishDeleting(_ comment: Comment, result: Result<Void, ServiceError>, change: ListChange) {
        deleting.remove(comment.id)
        // Deleted, the comment left the held cache, which shows now.
        settle(change)
        switch result {
        case .success:
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
        let waiting = drafts.waitingForLogin
        for draftID in waiting.posts {
            send(draftID, session: session)
        }
        if waiting.outbox {
            sendQueued(session: session)
        }
        let deletes = deletesAwaitingLogin
        deletesAwaitingLogin = []
        for comment in deletes {
            delete(comment, session: session)
        }
    }

    private func loginCancelled() {
        // Nothing typed is lost: the rows stay, marked "not sent", to retry or discard.
        drafts.loginCancelled()
        let deletes = deletesAwaitingLogin.count
        deletesAwaitingLogin = []
        publishRows()
        if deletes > 0 {
            showMessageSource.send("Not logged in, so no comment was deleted.")
        }
    }

    // MARK: Rows

    private func item(at row: Int) -> Item? {
        if drafts.all.indices.contains(row) { return .draft(drafts.all[row]) }
        let comments = list.items.value
        let index = row - drafts.all.count
        return comments.indices.contains(index) ? .comment(comments[index]) : nil
    }

    private func publishRows() {
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        let rows = drafts.all.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
            + list.items.value.map { CommentRow(comment: $0, viewer: viewer, environment: environment) }
        rowsSource.sendIfChanged(rows)
        publishIsEmpty()
    }

    private func publishIsEmpty() {
        isEmptySource.sendIfChanged(list.isEmpty.value && drafts.all.isEmpty)
    }
}
