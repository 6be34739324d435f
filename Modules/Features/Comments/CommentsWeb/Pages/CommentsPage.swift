import AgoraArchitecture
import AgoraModels
import AgoraWebUI
import Comments
import CommentsViewInputs
import Foundation

/// An event's comments as a page, newest first: the composer, then the conversation, each comment
/// its author, time and text, one not sent marked so, with the buttons that apply to it (retry
/// and discard for a comment not sent, delete for your own).
///
/// A row's buttons post to `<page>/<id>/<action>` with the row's id (`42`, `draft-7`), never its
/// place: comments arrive above a row while its page is open. Delete cannot be undone, so it asks
/// first: the row shows the question and its own Delete, which posts `confirmed=yes`.
@MainActor
final class CommentsPage: WebScreen {
    private let viewModel: any CommentsViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: CommentsInputs
    private let messages = WebMessages()
    private var observations: [OutputObservation] = []
    /// What the member last sent from the composer, shown in it again until the ViewModel says
    /// the comment was taken (`clearCommentText`): a refused text stays for them to fix.
    private var composerText = ""
    /// The comment whose deletion waits for the member to confirm it.
    private var deletionToConfirm: CommentRow.ID?

    private lazy var list: WebListPage<CommentRow> = {
        let outputs = viewModel.outputs
        return WebListPage(
            noun: "comments", outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil }
        ) { [weak self] row, _, page in
            Self.row(row, page: page, asksToDelete: self?.deletionToConfirm == row.id)
        }
    }()

    private static let emptyMessage = "No comments yet. Be the first: write one above."

    init(viewModel: any CommentsViewModelType) {
        self.viewModel = viewModel
        inputs = CommentsInputs(viewModel.inputs)
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    /// "Comments on Swift on the Server"; without the event's name until this session has seen
    /// the event.
    var title: String {
        let event = viewModel.outputs.eventTitle.value.map { " on \($0)" } ?? ""
        return "Comments\(event)"
    }

    let defaultAction: String? = "post"

    func appear() {
        let outputs = viewModel.outputs
        list.appear()
        observations = [
            outputs.clearCommentText.observe { [weak self] in self?.composerText = "" },
            outputs.showMessage.observe { [messages] message in messages.notice(message) },
            outputs.showCommentNotSent.observe { [messages] row in
                if let note = Self.note(for: row) { messages.error(note) }
            },
            outputs.showSendingQueued.observe { [messages] count in
                messages.notice(count == 1 ? "Sending 1 queued comment…" : "Sending \(count) queued comments…")
            },
            outputs.showNothingQueued.observe { [messages] in
                messages.notice("No comment is queued; a row's Retry sends a comment that was not sent.")
            },
            outputs.showNothingToDiscard.observe { [messages] in
                messages.error("That comment is already posted, so there is nothing to discard; use Delete to remove it.")
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        inputs.viewDidReappear()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        let composer = page.form(
            posting: page.path,
            [
                .element("label", ["for": "comment-text"], [.text("Your comment")]),
                .element(
                    "textarea", ["id": "comment-text", "name": "text", "rows": "3", "maxlength": String(Comment.maximumLength)], [.text(composerText)]),
                WebPageContext.actions([WebPageContext.button("post", label: "Post", look: .primary)]),
            ])
        let links = HTML.element("p", ["class": "back"], [.element("a", ["href": WebPath.of(page.eventRoute)], [.text("Back to the event")])])
        return [links, composer] + list.body(page)
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        if list.perform(action) { return }
        switch action.name {
        case "post":
            composerText = action.fields["text"] ?? ""
            inputs.commentTextChanged(composerText)
            inputs.postButtonTapped()
        case "retry":
            if action.item == nil {
                inputs.retryQueuedTapped()
            } else {
                inputs.retryTapped(try action.requiredItem(CommentRow.ID.self))
            }
        case "discard": inputs.discardTapped(try action.requiredItem(CommentRow.ID.self))
        case "delete":
            let id = try action.requiredItem(CommentRow.ID.self)
            if action.fields["confirmed"] == "yes" {
                deletionToConfirm = nil
                inputs.deleteTapped(id)
            } else {
                // The question shows on the comment's own row, wherever it moves meanwhile.
                guard viewModel.outputs.rows.value.contains(where: { $0.id == id }) else {
                    throw WebActionError("That comment is no longer on the page: it was deleted, or the list changed since it was shown.")
                }
                deletionToConfirm = id
            }
        case "keep": deletionToConfirm = nil
        case "event": inputs.eventTapped()
        default:
            throw .unknown(action, on: "The comments page", known: ["post", "more", "refresh", "retry", "discard", "delete", "keep", "event"])
        }
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        list.observeChanges(changed) + [viewModel.outputs.eventTitle.observe { _ in changed() }]
    }

    var anchor: String? { list.anchor }

    func loginReason(for action: WebAction) -> String? {
        switch action.name {
        case "post": "Log in to post your comment."
        case "retry": "Log in to send your comment."
        default: nil
        }
    }

    private static func row(_ row: CommentRow, page: WebPageContext, asksToDelete: Bool) -> WebListPage<CommentRow>.RenderedRow {
        let (marker, state): (String, String?) =
            switch row.status {
            case .posted: ("", row.isMine ? "you" : nil)
            case .pending: ("sending…", "sending")
            case .waitingForLogin: ("waiting for login", "waiting")
            case .failed: ("not sent", "failed")
            case .notSent: ("not sent", "failed")
            case .queued: ("queued", "queued")
            }
        // One action stands out per state: an unsent comment's Retry (Discard beside it is quiet,
        // and Delete would say the same again); a posted one's text, its Delete quiet until asked.
        var buttons: [HTML] = []
        if row.canRetry { buttons.append(page.button("retry", label: "Retry", item: row.id.description)) }
        if row.canDiscard { buttons.append(page.button("discard", label: "Discard", item: row.id.description, look: .quiet)) }
        let deletes = row.canDelete && !row.canDiscard
        if deletes, asksToDelete {
            // Two forms: the row's Delete, confirmed; Keep, to the page itself.
            buttons += [
                .element("p", ["class": "confirm", "role": "alert"], [.text("Delete this comment? This cannot be undone.")]),
                WebPageContext.actions([
                    page.form(
                        posting: "\(page.path)/\(row.id)/delete",
                        [
                            .element("input", ["type": "hidden", "name": "confirmed", "value": "yes"]),
                            WebPageContext.button("delete", label: "Delete", look: .danger),
                        ]),
                    page.button("keep", label: "Keep it"),
                ]),
            ]
        } else if deletes {
            buttons.append(page.button("delete", label: "Delete", item: row.id.description, look: .quiet))
        }
        return .init(
            card: [CommentCard.byline(row, marker: marker), CommentCard.text(row), buttons.isEmpty ? .empty : WebPageContext.actions(buttons)],
            state: state)
    }

    private static func note(for row: CommentRow) -> String? {
        switch row.status {
        case .failed(let message): "A comment was not sent: \(message) Retry or Discard it in its row."
        case .notSent: "A comment was not sent: you did not log in. Retry or Discard it in its row."
        case .queued(let why): "A comment is queued, to be sent when the server is back\(why.map { ": \($0)" } ?? "."). Retry sends it now."
        case .posted, .pending, .waitingForLogin: nil
        }
    }
}

extension WebPageContext {
    /// The event a comments page (`/events/1/comments`) is about.
    fileprivate var eventRoute: Route {
        Route(path: path.split(separator: "/").dropLast().joined(separator: "/"))
    }
}
