import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// An event's comments: cached rows at once, then fresh pages, older ones near the end, all
/// following the cache; posting is optimistic and never loses what the user typed: a post the
/// server cannot take now waits in the outbox, shown as queued, and is sent once the server
/// answers again; posting and deleting ask for a login first.
@MainActor
public final class CommentsViewModel: CommentsViewModelType, CommentsViewModelInputs,
    CommentsViewModelOutputs, CommentsNavigationEvents
{
    public var inputs: any CommentsViewModelInputs { self }
    public var outputs: any CommentsViewModelOutputs { self }
    public var navigation: any CommentsNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<ListRows<CommentRow>> { rowsSource.output }
    public var isLoading: Output<Bool> { list.isLoading }
    public var isEmpty: Output<Bool> { isEmptySource.output }
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    public var isPostButtonEnabled: Output<Bool> { isPostButtonEnabledSource.output }
    public var charactersRemaining: Output<Int> { charactersRemainingSource.output }
    public var clearCommentText: Signal<Void> { clearCommentTextSource.signal }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showNothingQueued: Signal<Void> { showNothingQueuedSource.signal }
    public var showNothingToDiscard: Signal<Void> { showNothingToDiscardSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }
    public var showEvent: Signal<Event.ID> { showEventSource.signal }
    public var close: Signal<Void> { closeSource.signal }
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }

    private let rowsSource = OutputSource(ListRows<CommentRow>())
    private let isEmptySource = OutputSource(false)
    private let isPostButtonEnabledSource = OutputSource(false)
    private let charactersRemainingSource = OutputSource(Comment.maximumLength)
    private let clearCommentTextSource = SignalSource<Void>()
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showNothingQueuedSource = SignalSource<Void>()
    private let showNothingToDiscardSource = SignalSource<Void>()
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
    /// Posts, retries, the outbox and deletes: the user's changes and their requests.
    private let changes: CommentChanges

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
        list = CachedPagedList(work: work, showsCacheFirst: dependency.environment.showsCachedListsFirst) { onChange in
            await loader.observeComments(eventID: eventID, onChange)
        } loadPage: { cursor throws(ServiceError) in
            try await fetcher.fetchComments(eventID: eventID, after: cursor)
        }
        changes = CommentChanges(eventID: eventID, dependency: dependency, list: list, loginGate: loginGate, work: work)
        changes.display = CommentChanges.Display(
            rowsChanged: { [weak self] in self?.publishRows() },
            message: { [weak self] in self?.showMessageSource.send($0) },
            error: { [weak self] in self?.showErrorSource.send($0) },
            nothingQueued: { [weak self] in self?.showNothingQueuedSource.send() }
        )
        bind()
    }

    private func bind() {
        observations = [
            list.items.observe { [weak self] _ in self?.publishRows() },
            list.isEmpty.observe { [weak self] _ in self?.publishIsEmpty() },
            // The server answers again: what waited for it goes now.
            list.firstPageLoaded.observe { [weak self] in self?.changes.serverAnswered() },
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
        // What this device knows shows first, as one table: the cached comments and the ones
        // waiting in the outbox (also from before a restart); then the first page is asked for.
        list.start { [weak self] in await self?.changes.restoreOutbox() }
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
        let body = text.body
        commentTextChanged("")
        clearCommentTextSource.send()
        changes.post(body)
    }

    public func retryTapped(row: Int) {
        switch item(at: row) {
        case .draft(let draft):
            changes.retry(draft)
        case .comment:
            showErrorSource.send("That comment is already posted; only a comment that was not sent can be retried.")
        case nil:
            return
        }
    }

    public func retryQueuedTapped() {
        changes.retryQueued()
    }

    public func discardTapped(row: Int) {
        switch item(at: row) {
        case .draft(let draft):
            changes.discard(draft)
        case .comment:
            showNothingToDiscardSource.send()
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
            changes.delete(comment)
        case nil:
            return
        }
    }

    public func eventTapped() {
        showEventSource.send(eventID)
    }

    // MARK: Rows

    private func item(at row: Int) -> Item? {
        if changes.drafts.all.indices.contains(row) { return .draft(changes.drafts.all[row]) }
        let comments = list.items.value
        let index = row - changes.drafts.all.count
        guard (0..<comments.count).contains(index) else { return nil }
        return comments.item(at: index).map(Item.comment)
    }

    /// Publishes the drafts' rows, then a row per cached comment, made when a view reads it: a
    /// long thread is held as its rows' versions, and a page appended makes its own rows only,
    /// rather than a row for every comment of the thread on every page.
    private func publishRows() {
        let viewer = dependency.sessions.user
        let environment = dependency.environment
        let drafts = changes.drafts.all.map { CommentRow(draft: $0, viewer: viewer, environment: environment) }
        let rows = ListRows(
            leading: drafts, list: list.items.value, context: viewer?.id,
            row: { CommentRow(comment: $0, viewer: viewer, environment: environment) },
            unavailable: { CommentRow(unavailableAt: $0, environment: environment) }
        )
        rowsSource.sendIfChanged(rows)
        publishIsEmpty()
    }

    private func publishIsEmpty() {
        isEmptySource.sendIfChanged(list.isEmpty.value && changes.drafts.all.isEmpty)
    }
}
