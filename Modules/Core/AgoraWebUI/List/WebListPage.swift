import AgoraArchitecture
import AgoraHosting

/// What every list page does the same way, written once: the rows as a list of cards (`<ol
/// class="rows">`, a `<li data-row="N">` per row shown), the empty state, the list's errors and
/// "up to date", and the actions `more`, `earlier` and `refresh`. The web's `PagedTable`.
///
/// A page shows a window of at most ``windowSize`` rows, as the REPL prints a page at a time: a
/// list with every row loaded (a thousand comments) still renders a page, not all of them.
/// `more` shows the next rows (loading a page when the window is at the end of what is loaded),
/// `earlier` the rows before; a row keeps its index in the whole list, so its buttons name it.
///
/// A feature's list page holds one, gives it a row's card (or its column headings and a row's
/// cells, each shown under its heading), and keeps only what is its own.
///
/// ```swift
/// list = WebListPage(
///     noun: "events", columns: ["When", "Event"], outputs: viewModel.outputs, inputs: inputs,
///     messages: messages, emptyMessage: { outputs.isEmpty.value ? "No upcoming events." : nil }
/// ) { row, _ in [.text(row.startsAt.text), .text(row.title)] }
/// ```
@MainActor
public final class WebListPage<Row: Hashable & Sendable> {
    /// A row as a page shows it: its card, or its cells (one per column), and its state
    /// (`sending`, `failed`, `you`) when it has one.
    public struct RenderedRow {
        /// One per column; empty for a row given as a card.
        public let cells: [HTML]
        /// What the row's `<li>` holds, for a row given as a card.
        public let card: [HTML]
        /// The row's `data-state` (`sending`, `failed`, `queued`, `you`), if any.
        public let state: String?

        /// A row of cells, each shown under its column's heading.
        ///
        /// - Parameters:
        ///   - cells: one per column.
        ///   - state: the row's `data-state`, if any.
        public init(cells: [HTML], state: String? = nil) {
            self.cells = cells
            card = []
            self.state = state
        }

        /// A row as the page lays it out: an event's date, title and venue; a comment's author,
        /// time and text.
        ///
        /// - Parameters:
        ///   - card: what the row's `<li>` holds.
        ///   - state: the row's `data-state`, if any.
        public init(card: [HTML], state: String? = nil) {
            cells = []
            self.card = card
            self.state = state
        }
    }

    private let noun: String
    private let columns: [String]
    private let isTiled: Bool
    private let outputs: any ListViewModelOutputs<Row>
    private let inputs: any ListViewModelInputs
    /// What `more` and `refresh` do, as every view's list does it.
    private let actions: ListActions<Row>
    private let messages: WebMessages
    private let emptyMessage: @MainActor () -> String?
    private let renderRow: @MainActor (Row, Int, WebPageContext) -> RenderedRow
    private var observations: [OutputObservation] = []
    /// Where the window starts; `nil` follows the end of the list, so the rows a `more` loads
    /// show when they arrive.
    private var windowStart: Int? = 0

    /// The most rows a page shows.
    public static var windowSize: Int { 50 }

    /// - Parameters:
    ///   - noun: what the list holds, in the plural ("events"), for the end of the list.
    ///   - columns: the column headings, for rows given as cells; a row has one cell per heading, in this order.
    ///   - tiled: whether the cards sit side by side where the screen is wide (events), rather
    ///     than one under the other (a conversation).
    ///   - outputs: the list ViewModel's outputs.
    ///   - inputs: the inputs `more` and `refresh` send (the page's traced ones).
    ///   - messages: where the list's errors and notices wait for the next page.
    ///   - emptyMessage: why the list is empty, in the page's words, when that is known.
    ///   - row: a row's cells and state, given its 0-based index and the page.
    public init<Outputs: ListViewModelOutputs<Row>>(
        noun: String, columns: [String] = [], tiled: Bool = false, outputs: Outputs, inputs: any ListViewModelInputs, messages: WebMessages,
        emptyMessage: @escaping @MainActor () -> String? = { nil },
        row: @escaping @MainActor (Row, Int, WebPageContext) -> RenderedRow
    ) {
        self.noun = noun
        self.columns = columns
        isTiled = tiled
        self.outputs = outputs
        actions = ListActions(outputs: outputs, inputs: inputs)
        self.inputs = inputs
        self.messages = messages
        self.emptyMessage = emptyMessage
        renderRow = row
    }

    /// Starts keeping the list's errors and "up to date" for the next page.
    public func appear() {
        observations = [
            outputs.showError.observe { [messages] message in messages.error(message) },
            outputs.showUpToDate.observe { [messages] in messages.notice(WebListText.upToDate) },
        ]
    }

    /// Where the answer to the last action takes the reader (``WebScreen/anchor``): the first
    /// row `more` added, so the reader goes on where they were; `nil` after any other action.
    public private(set) var anchor: String?

    /// The element id of row `index` (0-based, in the whole list): `row-20`.
    static func rowID(_ index: Int) -> String { "row-\(index)" }

    /// Sends `more` or `refresh`; returns `false` for any other action, which is the page's own.
    ///
    /// - Parameter action: the action posted to the page.
    public func perform(_ action: WebAction) -> Bool {
        let rows = outputs.rows.value
        let shown = window(of: rows)
        anchor = nil
        switch action.name {
        case "more":
            if rows.isEmpty, let message = emptyMessage() {
                messages.notice(message)
            } else if shown.upperBound < rows.totalCount {
                anchor = Self.rowID(shown.upperBound)
                windowStart = shown.upperBound
                // The ViewModel holds a window of a long list around the rows last shown.
                inputs.willDisplayRow(min(rows.totalCount, shown.upperBound + Self.windowSize) - 1, outOf: rows.totalCount)
            } else if case .noMorePages(let shown, let isLoaded) = actions.more() {
                messages.notice(WebListText.noMorePages(noun, shown: shown, isLoaded: isLoaded))
            } else {
                // The page that arrives starts after the last row held.
                anchor = Self.rowID(rows.totalCount)
                windowStart = nil
            }
        case "earlier":
            windowStart = max(0, shown.lowerBound - Self.windowSize)
            inputs.willDisplayRow(windowStart ?? 0, outOf: rows.totalCount)
        case "refresh":
            windowStart = 0
            actions.refresh()
        default:
            return false
        }
        return true
    }

    /// The list as it is now: its messages, the rows (or the empty state), and the buttons.
    ///
    /// - Parameter page: the page's path and form token.
    public func body(_ page: WebPageContext) -> [HTML] {
        let rows = outputs.rows.value
        var parts = messages.take()
        if rows.isEmpty {
            if let message = emptyMessage() {
                parts.append(.element("p", ["class": "empty"], [.text(message)]))
            } else if outputs.isLoading.value {
                parts.append(.element("p", ["class": "loading", "role": "status"], [.text("Loading \(noun)…")]))
            }
        }
        let shown = window(of: rows)
        if !shown.isEmpty {
            parts.append(cards(rows, shown, page: page))
        }
        let hasMore = outputs.hasMorePages.value || shown.upperBound < rows.totalCount
        parts.append(
            .element(
                "div", ["class": "actions list-actions"],
                [
                    shown.lowerBound > 0 ? page.button("earlier", label: "Earlier \(noun)") : .empty,
                    hasMore ? page.button("more", label: "More \(noun)") : .empty,
                    page.button("refresh", label: "Refresh", look: .quiet),
                    // No count of nothing: an empty list says why above it, and a first page that
                    // failed loaded nothing to count ("0 shown" beside the error would contradict it).
                    rows.isEmpty
                        ? .empty
                        : .element(
                            "span", ["class": "count"],
                            [.text(WebListText.count(noun, shown: shown, total: rows.totalCount, hasMore: outputs.hasMorePages.value))]),
                ]))
        return parts
    }

    /// The indexes of the rows shown: the window, of the rows `rows` holds.
    private func window(of rows: ListRows<Row>) -> Range<Int> {
        let total = rows.totalCount
        let start = max(0, min(windowStart ?? (total - Self.windowSize), total - 1))
        return (start..<min(total, start + Self.windowSize)).clamped(to: rows.indices)
    }

    /// Calls `changed` when the rows, the loading state or the end of the list change.
    ///
    /// - Parameter changed: called on each change, while the observations are kept.
    public func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        [
            outputs.rows.observe { _ in changed() },
            outputs.isLoading.observe { _ in changed() },
            outputs.hasMorePages.observe { _ in changed() },
        ]
    }

    private func cards(_ rows: ListRows<Row>, _ shown: Range<Int>, page: WebPageContext) -> HTML {
        let items = shown.map { index in
            let rendered = renderRow(rows[index], index, page)
            var attributes = [HTML.Attribute("data-row", String(index))]
            if let state = rendered.state { attributes.append(HTML.Attribute("data-state", state)) }
            attributes.append(HTML.Attribute("id", Self.rowID(index)))
            return HTML.element("li", attributes: attributes, rendered.cells.isEmpty ? rendered.card : [fields(rendered.cells)])
        }
        return .element("ol", ["class": isTiled ? "rows tiles" : "rows"], items)
    }

    /// A row of cells as a card: each cell under its column's heading.
    private func fields(_ cells: [HTML]) -> HTML {
        // A cell without a heading would not be shown, and a heading without a cell would head
        // nothing: a page that adds one (a row's button) adds the other.
        assert(cells.count == columns.count, "a row of \(cells.count) cells under \(columns.count) headings (\(columns))")
        let pairs = zip(columns, cells).flatMap { heading, cell in
            [HTML.element("dt", [.text(heading)]), .element("dd", [cell])]
        }
        return .element("dl", ["class": "fields"], pairs)
    }
}
