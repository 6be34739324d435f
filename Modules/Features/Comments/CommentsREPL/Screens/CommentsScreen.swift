import AgoraArchitecture
import AgoraTerminalUI
import Comments
import CommentsViewInputs

/// An event's comments in the REPL: a table of rows (unsent and queued ones first, marked), older
/// comments on `more`, and commands to post, retry, discard and delete.
@MainActor
final class CommentsScreen: Screen {
    private let viewModel: any CommentsViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: CommentsInputs
    private let console: any Console
    private var observations: [OutputObservation] = []
    /// Whether the next whole table says how to act on its unsent rows: the first one drawn when
    /// the screen appears or comes back. Later, a send that ends unposted is told by its signal.
    private var isNotingUnsentRows = false

    private static let columns = TextTable([
        // Named for a program as `show`'s record of a comment names them.
        .init("Who", key: "author"),
        .init("When", key: "time", priority: .low),
        .init("Comment", key: "body", isFlexible: true),
    ])

    init(viewModel: any CommentsViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = CommentsInputs(viewModel.inputs)
        self.console = console
    }

    /// Made on first use, as it adds this screen's notes under the rows it prints.
    private lazy var table: PagedTable<CommentRow> = {
        let (outputs, console) = (viewModel.outputs, console)
        return PagedTable(
            noun: "comments", columns: Self.columns, console: console, outputs: outputs, inputs: inputs,
            title: { rows in
                let more = outputs.hasMorePages.value ? "; `more` shows older ones" : ""
                let event = outputs.eventTitle.value.map { " on \($0)" } ?? ""
                return "Comments\(event), newest first (\(rows.totalCount) shown\(more))"
            },
            showWhole: { row in
                let record = TableRecord(
                    title: row.authorName,
                    fields: [
                        .init("id", Self.storedID(of: row).map(TableCell.number) ?? .absent), .init("author", .text(row.authorName)),
                        .init("time", .date(row.time)), .init("body", .text(row.body)),
                    ] + Self.tableRow(row).fields
                )
                if console.showRecord(record) { return }
                // The table cuts a long comment with "…"; here its line breaks are kept.
                console.print("\(row.authorName), \(row.time.text):")
                console.print(lines: WrappedText.lines(row.body, width: console.width, indent: "  "))
            },
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil },
            didPrint: { [weak self] rows, printed in self?.showNotes(rows, printed: printed) },
            tableRow: Self.tableRow
        )
    }()

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { Self.inputSenders }

    private static let inputSenders = InputSenders.list.merging([
        "willDisplayRow": "`more`, `show <n>`", "commentTextChanged": "`post <text>`, `edit`", "postButtonTapped": "`post <text>`, `edit`",
        "retryTapped": "`retry <n>`, row n's id", "retryQueuedTapped": "`retry`", "discardTapped": "`discard <n>`, row n's id",
        "deleteTapped": "`delete <n>`, row n's id", "eventTapped": "`event`",
    ]) { $1 }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands: [ScreenCommand] = [
        .more("comments"), .refresh("comments"),
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
        .show("the comment in that row"),
        ScreenCommand("event", summary: "Go to the event these comments are about."),
    ]

    private static let emptyMessage = "No comments yet. Be the first: `post <text>`."

    func appear() {
        let outputs = viewModel.outputs
        isNotingUnsentRows = true
        table.appear()
        observations = [
            outputs.isEmpty.observe { [weak self] isEmpty in
                if isEmpty { self?.console.print(Self.emptyMessage) }
            },
            outputs.showMessage.observe { [weak self] message in self?.console.print(message) },
            outputs.showCommentNotSent.observe { [weak self] row in self?.showNotSent(row) },
            outputs.showSendingQueued.observe { [weak self] count in
                self?.console.print(count == 1 ? "Sending 1 queued comment…" : "Sending \(count) queued comments…")
            },
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
        // A login that did not happen turns waiting rows into unsent ones: printed in full here.
        isNotingUnsentRows = true
        table.reappear(after: inputs.viewDidReappear)
        if viewModel.outputs.isEmpty.value { console.print(Self.emptyMessage) }
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        if try table.perform(command, arguments: arguments) { return }
        switch command {
        case "post":
            inputs.commentTextChanged(arguments.joined(separator: " "))
            inputs.postButtonTapped()
        case "retry":
            if let number = arguments.first {
                try table.actOnRow(numbered: number) { [inputs] row in inputs.retryTapped(row.id) }
            } else {
                inputs.retryQueuedTapped()
            }
        case "discard":
            try table.actOnRow(numbered: arguments[0]) { [inputs] row in inputs.discardTapped(row.id) }
        case "delete":
            try table.actOnRow(numbered: arguments[0]) { [inputs] row in inputs.deleteTapped(row.id) }
        case "event":
            inputs.eventTapped()
        default:
            throw CommandError("The comments screen has no command '\(command.prefix(40))'.")
        }
    }

    /// The rows a command applies to: every row for `show`, only the unsent ones for `retry` and
    /// `discard`, only the user's own for `delete`.
    func completions(forArgumentOf command: String) -> [String] {
        if let rows = table.completions(forArgumentOf: command) { return rows }
        let rows = viewModel.outputs.rows.value
        let applies: (CommentRow) -> Bool
        switch command {
        case "retry": applies = \.canRetry
        case "discard": applies = \.canDiscard
        case "delete": applies = \.canDelete
        default: return []
        }
        return rows.indices.filter { applies(rows[$0]) }.map { String($0 + 1) }
    }

    // MARK: Drawing

    /// Under the first whole table, says how to act on each unsent row; a send that ends
    /// unposted later is told by ``showNotSent(_:)`` instead.
    private func showNotes(_ rows: ListRows<CommentRow>, printed: PrintedRows) {
        guard isNotingUnsentRows, printed.isWholeTable else { return }
        isNotingUnsentRows = false
        for index in printed.indices {
            if let note = Self.note(for: rows[index], number: index + 1) { console.print(note) }
        }
    }

    /// A send ended and left the comment unposted: failed (an error, so a script sees the
    /// command fail) or queued (nothing is lost: it goes when the server is back).
    private func showNotSent(_ row: CommentRow) {
        let rows = viewModel.outputs.rows.value
        guard let index = rows.indices.first(where: { rows[$0].id == row.id }), let note = Self.note(for: row, number: index + 1) else {
            return
        }
        if case .failed = row.status { console.error(note) } else { console.print(note) }
    }

    /// What to do about an unsent comment; `nil` for a row with nothing to do.
    private static func note(for row: CommentRow, number: Int) -> String? {
        let reason: String
        switch row.status {
        case .failed(let message): reason = message
        case .notSent: reason = "you did not log in."
        case .queued(let why):
            let because = why.map { ": \($0)" } ?? "."
            return
                "Comment \(number) is queued, to be sent when the server is back\(because) Type `retry \(number)` to send it now or `discard \(number)` to drop it."
        case .posted, .pending, .waitingForLogin: return nil
        }
        return "Comment \(number) was not sent: \(reason) Type `retry \(number)` or `discard \(number)`."
    }

    nonisolated private static func tableRow(_ row: CommentRow) -> TableRow {
        let (marker, state) =
            switch row.status {
            case .posted: ("", "posted")
            case .pending: ("(sending…) ", "sending")
            case .waitingForLogin: ("(waiting for login) ", "waiting for login")
            case .failed: ("(not sent) ", "failed")
            case .notSent: ("(not sent) ", "not sent")
            case .queued: ("(queued) ", "queued")
            }
        let who = row.isMine && row.status == .posted ? "\(row.authorName) (you)" : row.authorName
        // One line per row: a comment's line breaks become spaces.
        let body = row.body.split(whereSeparator: \.isNewline).joined(separator: " ")
        // A comment not stored yet has no id; its draft's is a field of its own, so `id` is a
        // number for every comment, and a program sends the draft's to `retry` or `discard` it.
        let draftID: TableCell = if case .draft = row.id { .text(row.id.description) } else { .absent }
        return TableRow(
            id: storedID(of: row).map(String.init), cells: [.text(who), .date(row.time), .text(marker + body)],
            data: [.text(row.authorName), .date(row.time), .text(row.body)],
            fields: [.init("draftId", draftID), .init("state", .text(state)), .init("isMine", .flag(row.isMine))]
        )
    }

    /// The server's id of the row's comment; `nil` while it is a draft.
    nonisolated private static func storedID(of row: CommentRow) -> Int? {
        if case .comment(let id) = row.id { return id }
        return nil
    }
}
