import AgoraArchitecture
import AgoraModels

/// What happens on an event's comments screen: what happens on every list (older comments are
/// the next page; once the first page arrives, on `viewDidLoad()` or `refresh()`, the queued
/// comments are sent), and the user's own comments written, retried, discarded and deleted.
@MainActor
public protocol CommentsViewModelInputs: ListViewModelInputs {
    /// The screen is visible again after another one (a login that may not have happened).
    func viewDidReappear()
    /// The text in the composer changed.
    func commentTextChanged(_ text: String)
    /// The user wants to post the composer's text; asks for a login first when needed.
    func postButtonTapped()
    /// The user wants to send the unsent comment `id` again, after it failed, was not sent, or
    /// was queued. A row that is no longer there (posted or discarded since it was shown) is
    /// told as an error, never taken for another.
    func retryTapped(_ id: CommentRow.ID)
    /// The user wants every queued comment sent now, without waiting for the next load.
    func retryQueuedTapped()
    /// The user gives up on the unsent comment `id`.
    func discardTapped(_ id: CommentRow.ID)
    /// The user wants to delete their comment `id` (an unsent one is discarded); asks for a
    /// login first when needed. A comment that left the list since it was shown is told as an
    /// error: the rows move under a view (a post on top, a refresh), so a row is named by its id.
    func deleteTapped(_ id: CommentRow.ID)
    /// The user wants to go to the event the comments are about.
    func eventTapped()
}

/// What the comments screen shows: as rows, the user's unconfirmed comments (sending, failed,
/// waiting for login, not sent, queued for when the server is back), newest first, then the
/// cached comments, newest first. They follow the cache: a comment posted from the outbox
/// appears, a deleted one goes. A long thread is held as a window of rows around the rows the
/// view displays (`willDisplayRow`); `ListRows.totalCount` says how many rows there are in all.
@MainActor
public protocol CommentsViewModelOutputs: ListViewModelOutputs where Row == CommentRow {
    /// The title of the event the comments are about, as this device last saw it; `nil` until
    /// the cache is read, and when the event was never shown here.
    var eventTitle: Output<String?> { get }
    /// Whether the composer's text can be posted: some text, at most `Comment.maximumLength`.
    var isPostButtonEnabled: Output<Bool> { get }
    /// Characters left in the composer; negative when the text is too long.
    var charactersRemaining: Output<Int> { get }
    /// The composer should be emptied: its text became a row.
    var clearCommentText: Signal<Void> { get }
    /// A comment the user wrote was not posted: sending it failed, or the server could not take
    /// it and it waits in the outbox. Sent once for each send that ended so, after the rows that
    /// show it; the row's status says why.
    var showCommentNotSent: Signal<CommentRow> { get }
    /// A message for each completed action ("Comment posted.").
    var showMessage: Signal<String> { get }
    /// The comments waiting in the outbox are being sent, this many: after the first page
    /// (the server answers again), on `retryQueuedTapped()` or after a login.
    var showSendingQueued: Signal<Int> { get }
    /// `retryQueuedTapped()` found no comment waiting to be sent (the view says how to retry one
    /// in its own terms).
    var showNothingQueued: Signal<Void> { get }
    /// `discardTapped(_:)` found a posted comment: there is nothing to discard, only to delete
    /// (the view says how to delete in its own terms).
    var showNothingToDiscard: Signal<Void> { get }
}

/// Where the comments screen asks to go: the event they are about (another feature's screen, by
/// route), the login, or away; only its coordinator observes this.
@MainActor
public protocol CommentsNavigationEvents: ListNavigationEvents {
    /// Show the login screen; the post or delete waiting for it resumes after the login.
    var showLogin: Signal<Void> { get }
    /// The event does not exist and no comment of it is shown: close this screen, after the
    /// error that says so.
    var close: Signal<Void> { get }
}

/// The comments ViewModel as its view and coordinator see it.
@MainActor
public protocol CommentsViewModelType: ViewModel {
    var inputs: any CommentsViewModelInputs { get }
    var outputs: any CommentsViewModelOutputs { get }
    var navigation: any CommentsNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}
