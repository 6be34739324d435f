import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// An event's comments: cached rows at once, then fresh pages, older ones near the end, all
/// following the cache; posting is optimistic and never loses what the user typed: a post the
/// server cannot take now waits in the outbox, shown as queued, and is sent once the server
/// answers again; posting and deleting ask for a login first.
@MainActor
public final class CommentsViewModel: PagedListViewModel, CommentsViewModelType, CommentsViewModelInputs,
    CommentsViewModelOutputs, CommentsNavigationEvents
{
    public var inputs: any CommentsViewModelInputs { self }
    public var outputs: any CommentsViewModelOutputs { self }
    public var navigation: any CommentsNavigationEvents { self }
    public let work = WorkTracker()

    public var eventTitle: Output<String?> { eventTitleSource.output }
    public var isPostButtonEnabled: Output<Bool> { isPostButtonEnabledSource.output }
    public var charactersRemaining: Output<Int> { charactersRemainingSource.output }
    public var clearCommentText: Signal<Void> { clearCommentTextSource.signal }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showCommentNotSent: Signal<CommentRow> { showCommentNotSentSource.signal }
    public var showSendingQueued: Signal<Int> { showSendingQueuedSource.signal }
    public var showNothingQueued: Signal<Void> { showNothingQueuedSource.signal }
    public var showNothingToDiscard: Signal<Void> { showNothingToDiscardSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }
    public var showRoute: Signal<Route> { showRouteSource.signal }
    public var close: Signal<Void> { closeSource.signal }

    private let eventTitleSource = OutputSource<String?>(nil)
    private let isPostButtonEnabledSource = OutputSource(false)
    private let charactersRemainingSource = OutputSource(Comment.maximumLength)
    private let clearCommentTextSource = SignalSource<Void>()
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showCommentNotSentSource = SignalSource<CommentRow>()
    private let showSendingQueuedSource = SignalSource<Int>()
    private let showNothingQueuedSource = SignalSource<Void>()
    private let showNothingToDiscardSource = SignalSource<Void>()
    private let showRouteSource = SignalSource<Route>()
    private let closeSource = SignalSource<Void>()

    private let eventID: Event.ID
    private let dependency: Dependency
    /// The event's cached comments, paged; held while a page or a change of this screen's is
    /// in flight, so a change shows when it ends, together with what it means for the drafts.
    public let list: PagedList<Comment, CommentRow, ServiceError>
    private let loginGate: LoginGate
    private var observations: [OutputObservation] = []

    /// Who was logged in when the rows were made.
    private var rowsViewer: User.ID?
    /// The composer's text.
    private var text = CommentText("")
    /// Posts, retries, the outbox and deletes: the user's changes and their requests.
    let changes: CommentChanges

    /// - Parameters:
    ///   - eventID: the event whose comments to show.
    ///   - dependency: its UseCases, outbox, session and environment.
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
        rowsViewer = dependency.sessions.user?.id
        loginGate = LoginGate(sessions: dependency.sessions)
        let environment = dependency.environment
        let sessions = dependency.sessions
        list = PagedList(work: work, environment: environment) { comment in
            CommentRow(comment: comment, viewer: sessions.user, environment: environment)
        }
        changes = CommentChanges(eventID: eventID, dependency: dependency, list: list, loginGate: loginGate, work: work)
        changes.display = CommentChanges.Display(
            rowsChanged: { [weak self] in self?.publishDrafts() },
            message: { [weak self] in self?.showMessageSource.send($0) },
            error: { [weak self] in self?.showErrorSource.send($0) },
            notSent: { [weak self] in self?.commentNotSent($0) },
            sendingQueued: { [weak self] in self?.showSendingQueuedSource.send($0) },
            nothingQueued: { [weak self] in self?.showNothingQueuedSource.send() }
        )
        bind()
    }

    private func bind() {
        observations = [
            // The server answers again: what waited for it goes now.
            list.firstPageLoaded.observe { [weak self] in self?.changes.serverAnswered() },
            list.errors.observe { [weak self] error in
                guard let self else { return }
                showErrorSource.send(error.description)
                if case .notFound = error, list.rows.value.isEmpty { closeSource.send(()) }
            },
            // Who is logged in decides which rows are "mine" and the drafts' author.
            dependency.sessions.session.observe { [weak self] _ in self?.publishDrafts() },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        // What this device knows shows first, as one table: the cached comments and the ones
        // waiting in the outbox (also from before a restart); then the first page is asked for.
        let fetcher = dependency.fetcher
        let eventID = self.eventID
        list.start(following: dependency.loader.cachedComments(eventID: eventID)) { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        } preparing: { [weak self, loader = dependency.loader] in
            let title = await loader.cachedEventTitle(eventID: eventID)
            self?.eventTitleSource.sendIfChanged(title)
            await self?.changes.restoreOutbox()
            self?.publishDrafts()
        }
    }

    public func viewDidReappear() {
        loginGate.screenReappeared()
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
        let body = text.body
        commentTextChanged("")
        clearCommentTextSource.send()
        changes.post(body)
    }

    public func retryTapped(_ id: CommentRow.ID) {
        switch id {
        case .draft(let draftID):
            if let draft = changes.drafts.draft(draftID) {
                changes.retry(draft)
            } else {
                showErrorSource.send(Self.draftGone)
            }
        case .comment(let commentID):
            guard list.item(withID: commentID) != nil else { return showErrorSource.send(Self.commentGone) }
            showErrorSource.send("That comment is already posted; only a comment that was not sent can be retried.")
        }
    }

    public func retryQueuedTapped() {
        changes.retryQueued()
    }

    public func discardTapped(_ id: CommentRow.ID) {
        switch id {
        case .draft(let draftID):
            if let draft = changes.drafts.draft(draftID) {
                changes.discard(draft)
            } else {
                showErrorSource.send(Self.draftGone)
            }
        case .comment(let commentID):
            guard list.item(withID: commentID) != nil else { return showErrorSource.send(Self.commentGone) }
            showNothingToDiscardSource.send()
        }
    }

    public func deleteTapped(_ id: CommentRow.ID) {
        switch id {
        case .draft:
            // An unsent comment is not on the server: deleting it is discarding it.
            discardTapped(id)
        case .comment(let commentID):
            // The rows a view shows are held: one that is not has left the list since.
            if let comment = list.item(withID: commentID) {
                changes.delete(comment)
            } else {
                showErrorSource.send(Self.commentGone)
            }
        }
    }

    public func eventTapped() {
        showRouteSource.send(.event(id: eventID))
    }

    // MARK: Rows

    /// An unsent comment's row that is gone: it was posted (its comment has a row of its own)
    /// or discarded since it was shown.
    private static let draftGone = "That comment is no longer waiting to be sent: it was posted or discarded since it was shown."

    /// A comment's row that is gone: deleted (here or elsewhere), or the list changed since it
    /// was shown (a refresh without it).
    private static let commentGone = "That comment is no longer in the list: it was deleted, or the list changed since it was shown."

    /// Publishes the drafts' rows, which lead the list; every row is made again when the viewer
    /// changed since the rows were made (a row says whether it is the viewer's).
    private func publishDrafts() {
        let viewer = dependency.sessions.user?.id
        if viewer == rowsViewer {
            list.setLeadingRows(draftRows())
        } else {
            rowsViewer = viewer
            list.remakeRows(leading: draftRows())
        }
    }

    /// Tells the view the draft was not posted, by its row as it stands now: the list may still
    /// hold its publication (a page in flight), so the row is made from the draft, not read back.
    private func commentNotSent(_ id: LocalComment.ID) {
        guard let draft = changes.drafts.draft(id) else { return }
        showCommentNotSentSource.send(CommentRow(draft: draft, viewer: dependency.sessions.user, environment: dependency.environment))
    }

    private func draftRows() -> [CommentRow] {
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        return changes.drafts.all.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
    }
}
