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
    public var isLoading: Output<Bool> { paginator.isLoading }
    public var isEmpty: Output<Bool> { isEmptySource.output }
    public var hasMorePages: Output<Bool> { paginator.hasMorePages }
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
    private let paginator: Paginator<Comment, ServiceError>
    private let loginGate: LoginGate
    private var observations: [OutputObservation] = []
    private var subscription: Subscription?

    /// The event's comments as the cache last showed them.
    private var cachedComments: [Comment] = []
    /// The comments the rows show: the cache as of the last moment none of this screen's
    /// requests was in flight, so a request's change shows when it ends, together with what it
    /// means for the drafts (a posted draft leaves as its comment arrives).
    private var shownComments: [Comment] = []
    /// This screen's posts, deletes and sendings of the outbox in flight.
    private var changesInFlight = 0
    /// While loading, rows wait until the cached and the queued comments are both known, so
    /// they show as one table.
    private var isReady = true
    /// A first page arrived; the queued comments are sent once it has shown.
    private var firstPageArrived = false
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
        paginator = Paginator(work: work) { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        }
        bind()
    }

    private func bind() {
        observations = [
            paginator.pageCount.observe { [weak self] count in
                if count == 1 { self?.firstPageArrived = true }
            },
            // A page writes the cache while it loads; its rows show when it ends, together with
            // whether older ones follow.
            paginator.isLoading.observe { [weak self] isLoading in
                if !isLoading { self?.pageEnded() }
            },
            paginator.errors.observe { [weak self] error in self?.showErrorSource.send(error.description) },
            // Who is logged in decides which rows are "mine" and the drafts' author.
            dependency.sessions.session.observe { [weak self] _ in self?.publishRows() },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let loader = dependency.loader
        let queue = dependency.queue
        let id = eventID
        isReady = false
        work.start { [weak self] in
            // What this device knows shows first: the cached comments and the ones waiting in
            // the outbox (also from before a restart); then the first page is asked for.
            let subscription = await loader.observeComments(eventID: id) { [weak self] comments in self?.cacheChanged(comments) }
            let queued = await queue.queuedComments(eventID: id)
            guard let self else { return }
            self.subscription = subscription
            showQueued(queued)
            isReady = true
            publishRows()
            // Stopped by the user (Ctrl-C) while the cache answered: no page is asked for.
            guard !Task.isCancelled else { return }
            paginator.requestFirstPage()
        }
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
        changesInFlight += 1
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
            self?.finishPosting(draftID, result: result)
        }
    }

    private func finishPosting(_ draftID: LocalComment.ID, result: Result<PostOutcome, ServiceError>) {
        changeEnded()
        switch result {
        case .success(.posted(let comment)):
            drafts.removeAll { $0.id == draftID }
            // The server's comment replaces the draft, on top.
            showPosted(comment)
            publishRows()
            showMessageSource.send("Comment posted.")
        case .success(.queued(.unauthorized)):
            // Kept in the outbox (so a quit does not lose it); it goes after the login asked for.
            guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { return }
            drafts[index].isInOutbox = true
            drafts[index].state = .waitingForLogin
            publishRows()
            showErrorSource.send(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .success(.queued(let error)):
            // Nothing is lost: the row says it waits for the server (no error, it is not a failure).
            guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { return }
            drafts[index].isInOutbox = true
            drafts[index].state = .queued(error.description)
            publishRows()
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
        changesInFlight += 1
        for index in drafts.indices where sending.contains(drafts[index].id) {
            drafts[index].state = .sending
        }
        publishRows()
        let queue = dependency.queue
        let id = eventID
        work.start { [weak self] in
            let delivery = await queue.sendQueuedComments(eventID: id, session: session)
            self?.finishSendingQueued(sending, delivery: delivery)
        }
    }

    private func finishSendingQueued(_ sent: [LocalComment.ID], delivery: QueuedCommentsDelivery) {
        isSendingQueue = false
        changeEnded()
        var posted = 0
        // Oldest first, as they were sent: each posted one goes on top.
        for draftID in sent.reversed() {
            guard let index = drafts.firstIndex(where: { $0.id == draftID }) else { continue }
            let clientID = drafts[index].clientID
            if let comment = delivery.posted[clientID] {
                drafts.remove(at: index)
                showPosted(comment)
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
        publishRows()
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
        changesInFlight += 1
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
        changeEnded()
        switch result {
        case .success:
            shownComments.removeAll { $0.id == comment.id }
            publishRows()
            showMessageSource.send("Comment deleted.")
        case .failure(.unauthorized):
            showErrorSource.send(ServiceError.unauthorized.description)
            deletesAwaitingLogin.append(comment)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            publishRows()
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
        let index = row - drafts.count
        return shownComments.indices.contains(index) ? .comment(shownComments[index]) : nil
    }

    /// The cache changed: shown now, unless a request of this screen is in flight (then when it
    /// ends).
    private func cacheChanged(_ comments: [Comment]) {
        cachedComments = comments
        guard !paginator.isLoading.value, changesInFlight == 0 else { return }
        shownComments = comments
        publishRows()
    }

    private func pageEnded() {
        catchUpWithCache()
        publishRows()
        if firstPageArrived {
            firstPageArrived = false
            // The server answers again: what waited for it goes now.
            if let session = loginGate.session { sendQueued(session: session) }
        }
    }

    /// A post, delete or sending ended; the rows catch up with the cache when nothing else of
    /// this screen's is in flight.
    private func changeEnded() {
        changesInFlight -= 1
        catchUpWithCache()
    }

    private func catchUpWithCache() {
        guard !paginator.isLoading.value, changesInFlight == 0 else { return }
        shownComments = cachedComments
    }

    /// A comment the server took goes on top of the rows at once, even when the cache's copy
    /// is still held back by another request.
    private func showPosted(_ comment: Comment) {
        shownComments.removeAll { $0.id == comment.id }
        shownComments.insert(comment, at: 0)
    }

    private func publishRows() {
        guard isReady else { return }
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        let rows = drafts.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
            + shownComments.map { CommentRow(comment: $0, viewer: viewer, environment: environment) }
        rowsSource.sendIfChanged(rows)
        publishIsEmpty()
    }

    private func publishIsEmpty() {
        isEmptySource.sendIfChanged(paginator.pageCount.value > 0 && shownComments.isEmpty && drafts.isEmpty)
    }
}
