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
    /// What the ViewModel needs (Eight's `Dependency`).
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

    private let rowsSource = OutputSource<[CommentRow]>([])
    private let isEmptySource = OutputSource(false)
    private let isPostButtonEnabledSource = OutputSource(false)
    private let charactersRemainingSource = OutputSource(Comment.maximumLength)
    private let clearCommentTextSource = SignalSource<Void>()
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showNothingQueuedSource = SignalSource<Void>()
    private let showEventSource = SignalSource<Event.ID>()

    private let eventID: Event.ID
    private let dependency: Dependency
    /// The event's cached comments, paged; held while a page or a change of this screen's is
    /// in flight, so a change shows when it ends, together with what it means for the drafts.
    private let list: CachedPagedList<Comment, ServiceError>
    private let loginGate: LoginGate
    private var observations: [OutputObservation] = []
    /// Whether this screen is sending the outbox.
    private var isSendingQueue = false

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
            list.errors.observe { [weak self] error in self?.showErrorSource.send(error.description) },
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
            self?.showQueued(queued)
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
            send(draft.id, session: session)
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

    public func retryQueuedTapped() {
        let queued = drafts.filter { $0.isInOutbox && $0.state != .sending }
        guard !queued.isEmpty else {
            showNothingQueuedSource.send(())
            return
        }
        if let session = loginGate.session {
            sendQueued(session: session)
        } else {
            for draft in queued { setState(.waitingForLogin, of: draft.id) }
            requestLogin(sessionExpired: false)
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
        guard let draft = drafts.first(where: { $0.id == draftID }) else { return }  // discarded meanwhile
        if draft.isInOutbox {
            sendQueued(session: session)
            return
        }
        setState(.sending, of: draftID)
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
        // The drafts change first, the held cache shows with them: a posted draft leaves as the
        // server's comment, which the post put on top of the cache, arrives.
        switch result {
        case .success(.posted):
            drafts.removeAll { $0.id == draftID }
            settle(change)
            showMessageSource.send("Comment posted.")
        case .success(.queued(.unauthorized)):
            // Kept in the outbox (so a quit does not lose it); it goes after the login asked for.
            updateDraft(draftID) { $0.isInOutbox = true; $0.state = .waitingForLogin }
            settle(change)
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .success(.queued(let error)):
            // Nothing is lost: the row says it waits for the server (no error, it is not a failure).
            updateDraft(draftID) { $0.isInOutbox = true; $0.state = .queued(error.description) }
            settle(change)
        case .failure(.unauthorized):
            updateDraft(draftID) { $0.state = .waitingForLogin }
            settle(change)
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            // The row says why (Kickstarter's failed comment cell): no separate error message.
            updateDraft(draftID) { $0.state = .failed(error.description) }
            settle(change)
        }
    }

    /// Ends one of this screen's changes: the cache it held shows, with the drafts as they now are.
    private func settle(_ change: ListChange) {
        change.end()
        publishRows()
    }

    private func updateDraft(_ draftID: LocalComment.ID, _ update: (inout LocalComment) -> Void) {
        guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { return }
        update(&drafts[index])
    }

    private func setState(_ state: LocalComment.State, of draftID: LocalComment.ID) {
        updateDraft(draftID) { $0.state = state }
        publishRows()
    }

    // MARK: The outbox

    /// Shows the comments waiting in the outbox as queued rows (once each): those of the
    /// logged-in user, or every one while nobody is (they are all "You" then).
    private func showQueued(_ queued: [OutgoingComment]) {
        let viewerID = dependency.sessions.user?.id
        let shown = Set(drafts.map(\.clientID))
        for comment in queued where !shown.contains(comment.id) && (viewerID == nil || comment.authorID == viewerID) {
            drafts.insert(
                LocalComment(
                    id: nextDraftID, body: comment.draft.body, createdAt: comment.writtenAt, state: .queued(nil),
                    clientID: comment.id, isInOutbox: true
                ),
                at: 0
            )
            nextDraftID += 1
        }
    }

    /// Sends the queued comments (after a first page, on retry, after a login); does nothing
    /// while this screen is already sending them.
    private func sendQueued(session: Session) {
        let sending = drafts.filter { $0.isInOutbox && $0.state != .sending }.map(\.id)
        guard !isSendingQueue, !sending.isEmpty else { return }
        isSendingQueue = true
        let change = list.beginChange()
        for index in drafts.indices where sending.contains(drafts[index].id) {
            drafts[index].state = .sending
        }
        publishRows()
        let queue = dependency.queue
        let id = eventID
        work.start { [weak self] in
            let delivery = await queue.sendQueuedComments(eventID: id, session: session)
            self?.finishSendingQueued(sending, delivery: delivery, change: change)
        }
    }

    private func finishSendingQueued(_ sent: [LocalComment.ID], delivery: QueuedCommentsDelivery, change: ListChange) {
        isSendingQueue = false
        var posted = 0
        for draftID in sent {
            guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { continue }
            let clientID = drafts[index].clientID
            if delivery.posted[clientID] != nil {
                // Its comment, which the sending put on top of the cache, takes its place when
                // the change settles.
                drafts.remove(at: index)
                posted += 1
            } else if let error = delivery.rejected[clientID] {
                // Refused for good: out of the outbox, the text kept as a failed post.
                drafts[index].isInOutbox = false
                drafts[index].state = .failed(error.description)
            } else if delivery.stoppedBy == .unauthorized {
                drafts[index].state = .waitingForLogin
            } else {
                drafts[index].state = .queued(delivery.stoppedBy?.description)
            }
        }
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
        // Oldest first, so the server gets them in the order they were written; the queued ones
        // go together, from the outbox.
        let waiting = drafts.filter { $0.state == .waitingForLogin }.reversed()
        for draft in waiting where !draft.isInOutbox {
            send(draft.id, session: session)
        }
        if waiting.contains(where: \.isInOutbox) {
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
        let comments = list.items.value
        let index = row - drafts.count
        return comments.indices.contains(index) ? .comment(comments[index]) : nil
    }

    private func publishRows() {
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        let rows = drafts.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
            + list.items.value.map { CommentRow(comment: $0, viewer: viewer, environment: environment) }
        rowsSource.sendIfChanged(rows)
        publishIsEmpty()
    }

    private func publishIsEmpty() {
        isEmptySource.sendIfChanged(list.isEmpty.value && drafts.isEmpty)
    }
}
