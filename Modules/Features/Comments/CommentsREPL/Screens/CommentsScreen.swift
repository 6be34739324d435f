import AgoraArchitecture
import AgoraTerminalUI
import Comments

/// An event's comments in the REPL: a table of rows (unsent and queued ones first, marked), older
/// comments on `more`, and commands to post, retry, discard and delete.
@MainActor
final class CommentsScreen: Screen {
    private let viewModel: any CommentsViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: CommentsInputs
    private let console: any Console
    private var observations: [OutputObservation] = []
    /// The rows drawn last: a row that just failed is told as an error, once.
    private var printed = ListRows<CommentRow>()
    /// The row `show` asked for outside the rows held, shown when they hold it.
    private var rowToShow: Int?
    private let printer: TableRowsPrinter<CommentRow>

    private static let table = TextTable([
        .init("Who"),
        .init("When"),
        .init("Comment", isFlexible: true),
    ])

    init(viewModel: any CommentsViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = CommentsInputs(viewModel.inputs)
        self.console = console
        printer = TableRowsPrinter(table: Self.table, console: console, tableRow: Self.tableRow)
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands = [
        ScreenCommand("more", summary: "Show older comments."),
        ScreenCommand("refresh", summary: "Load the newest comments again."),
        // The comment is the rest of the line as typed: `post I'll be there` needs no quotes.
        ScreenCommand(
            "post", arguments: "<text…>", example: "post I'll be there, \"rain or shine\"!",
            summary: "Post the rest of the line as a comment, exactly as typed; asks you to log in first.",
            argumentStyle: .restOfLine
        ),
        ScreenCommand(
            "retry", arguments: "[row]", example: "retry 1",
            summary: "Send a comment that was not sent again, e.g. `retry 1`; `retry` alone sends every queued one now.", arity: 0...1
        ),
        ScreenCommand("discard", arguments: "<row>", example: "discard 1", summary: "Throw away a comment that was not sent, e.g. `discard 1`."),
        ScreenCommand("delete", arguments: "<row>", example: "delete 2", summary: "Delete your comment in that row, e.g. `delete 3`."),
        ScreenCommand("show", arguments: "<row>", example: "show 1", summary: "Show the comment in that row whole, wrapped to the width, e.g. `show 1`."),
        ScreenCommand("event", summary: "Go to the event these comments are about."),
    ]

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.rows.observe { [weak self] rows in self?.show(rows) },
            outputs.isEmpty.observe { [weak self] isEmpty in
                if isEmpty { self?.showEmptyState() }
            },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showUpToDate.observe { [weak self] in self?.console.print(ListMessages.upToDate) },
            outputs.showMessage.observe { [weak self] message in self?.console.print(message) },
            outputs.showNothingQueued.observe { [weak self] in
                self?.console.print("No comment is queued; `retry <row>` sends a comment that was not sent.")
            },
            outputs.showNothingToDiscard.observe { [weak self] in
                self?.console.error("That comment is already posted, so there is nothing to discard; use delete to remove it.")
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        printed = ListRows()
        printer.reset()
        // A login that did not happen turns waiting rows into unsent ones: printed in full here.
        inputs.viewDidReappear()
        show(viewModel.outputs.rows.value)
        if viewModel.outputs.isEmpty.value { showEmptyState() }
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        let rows = viewModel.outputs.rows.value
        switch command {
        case "more":
            guard viewModel.outputs.hasMorePages.value else {
                let isLoaded = !rows.isEmpty || viewModel.outputs.isEmpty.value
                console.print(ListMessages.noMorePages("comments", shown: rows.totalCount, isLoaded: isLoaded))
                return
            }
            inputs.willDisplayRow(rows.totalCount - 1, outOf: rows.totalCount)
        case "refresh":
            inputs.refresh()
        case "post":
            inputs.commentTextChanged(arguments.joined(separator: " "))
            inputs.postButtonTapped()
        case "retry":
            if let row = arguments.first {
                inputs.retryTapped(row: try CommandError.row(row, of: rows.totalCount) - 1)
            } else {
                inputs.retryQueuedTapped()
            }
        case "discard":
            inputs.discardTapped(row: try CommandError.row(arguments[0], of: rows.totalCount) - 1)
        case "delete":
            inputs.deleteTapped(row: try CommandError.row(arguments[0], of: rows.totalCount) - 1)
        case "show":
            let index = try CommandError.row(arguments[0], of: rows.totalCount) - 1
            if rows.indices.contains(index) {
                showWhole(rows[index])
            } else {
                // Far from the rows held: the list brings it in, and it is shown then.
                rowToShow = index
                inputs.willDisplayRow(index, outOf: rows.totalCount)
            }
        case "event":
            inputs.eventTapped()
        default:
            throw CommandError("The comments screen has no command '\(command.prefix(40))'.")
        }
    }

    /// The rows a command applies to: every row for `show`, only the unsent ones for `retry` and
    /// `discard`, only the user's own for `delete`.
    func completions(forArgumentOf command: String) -> [String] {
        let rows = viewModel.outputs.rows.value
        let applies: (CommentRow) -> Bool
        switch command {
        // Every row, held or not.
        case "show": return (0..<rows.totalCount).map { String($0 + 1) }
        case "retry": applies = \.canRetry
        case "discard": applies = \.canDiscard
        case "delete": applies = \.canDelete
        default: return []
        }
        return rows.indices.filter { applies(rows[$0]) }.map { String($0 + 1) }
    }

    // MARK: Drawing

    private func showEmptyState() {
        console.print("No comments yet. Be the first: `post <text>`.")
    }

    /// A comment whole: the table cuts a long one with "…"; here its line breaks are kept.
    private func showWhole(_ row: CommentRow) {
        console.print("\(row.authorName), \(row.time.text):")
        console.print(lines: WrappedText.lines(row.body, width: console.width, indent: "  "))
    }

    private func show(_ rows: ListRows<CommentRow>) {
        let previous = printed
        printed = rows
        let shown = printer.show(rows) {
            let more = viewModel.outputs.hasMorePages.value ? "; `more` shows older ones" : ""
            return "Comments, newest first (\(rows.totalCount) shown\(more))"
        }
        showNotes(rows, shown: shown, previous: previous)
        if let index = rowToShow, rows.indices.contains(index) {
            rowToShow = nil
            showWhole(rows[index])
        }
    }

    /// Says how to act on each unsent row just printed; a failure that just happened is an error,
    /// so a script sees the command fail.
    private func showNotes(_ rows: ListRows<CommentRow>, shown: [Int], previous: ListRows<CommentRow>) {
        // Only a comment not sent can fail: one of the rows on top, before and now.
        lazy var previousStatus = Dictionary(
            previous.lazy.filter { $0.status != .posted }.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        for index in shown {
            let row = rows[index]
            let number = index + 1
            let reason: String
            switch row.status {
            case .failed(let message): reason = message
            case .notSent: reason = "you did not log in."
            case .queued(let why):
                // Not a failure: nothing is lost, it goes when the server is back.
                let because = why.map { ": \($0)" } ?? "."
                console.print(
                    "Comment \(number) is queued, to be sent when the server is back\(because) Type `retry \(number)` to send it now or `discard \(number)` to drop it."
                )
                continue
            case .posted, .pending, .waitingForLogin: continue
            }
            let note = "Comment \(number) was not sent: \(reason) Type `retry \(number)` or `discard \(number)`."
            if case .failed = row.status, previousStatus[row.id] != row.status {
                console.error(note)
            } else {
                console.print(note)
            }
        }
    }

    private static func tableRow(_ row: CommentRow) -> TableRow {
        let marker =
            switch row.status {
            case .posted: ""
            case .pending: "(sending…) "
            case .waitingForLogin: "(waiting for login) "
            case .failed, .notSent: "(not sent) "
            case .queued: "(queued) "
            }
        let who = row.isMine && row.status == .posted ? "\(row.authorName) (you)" : row.authorName
        // One line per row: a comment's line breaks become spaces.
        let body = row.body.split(whereSeparator: \.isNewline).joined(separator: " ")
        return TableRow(id: row.id.description, cells: [.text(who), .date(row.time), .text(marker + body)])
    }
}
