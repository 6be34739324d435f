import AgoraArchitecture
import AgoraModels

/// What happens where an event's latest comments are shown beside the event (its page): they
/// load when it shows.
@MainActor
public protocol LatestCommentsViewModelInputs {
    /// The place is shown for the first time: the cached comments show, then the newest page is
    /// asked for.
    func viewDidLoad()
}

/// What is shown of an event's latest comments: the newest few, following the cache, so a
/// comment posted or deleted on the comments screen shows here too.
@MainActor
public protocol LatestCommentsViewModelOutputs {
    /// The newest comments, newest first, ``LatestCommentsViewModel/count`` at most.
    var comments: Output<[CommentRow]> { get }
    /// Whether a page loaded and the event has no comment: the view invites the first one.
    var isEmpty: Output<Bool> { get }
    /// The newest page could not be loaded; the comments cached before stay.
    var showError: Signal<String> { get }
}

/// An event's latest comments, shown on another screen.
@MainActor
public protocol LatestCommentsViewModelType: ViewModel {
    var inputs: any LatestCommentsViewModelInputs { get }
    var outputs: any LatestCommentsViewModelOutputs { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}
