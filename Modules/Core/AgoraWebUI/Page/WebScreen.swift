import AgoraArchitecture

/// A feature's view in the web app: it holds a ViewModel's `Type`, renders its current outputs
/// as the page's `<main>`, and turns a form's POST into the ViewModel's inputs.
///
/// The app renders a page only once the ViewModel's work has settled (``work`` idle), so a page
/// shows what the request started, as the REPL prints after a command's work ends. Signals (an
/// error, "Comment posted.") are kept in ``WebMessages`` until the next page shows them.
@MainActor
public protocol WebScreen: AnyObject {
    /// The work this screen's ViewModel started.
    var work: WorkTracker { get }
    /// The page's title, its one `<h1>`.
    var title: String { get }
    /// The page is shown for the first time: observe the outputs and send `viewDidLoad`.
    func appear()
    /// The page is on top again after another one closed (a login): send what the ViewModel
    /// expects then (`viewDidReappear`).
    func reappear()
    /// What `<main>` holds besides the `<h1>`, from the outputs as they are now.
    func body(_ page: WebPageContext) -> [HTML]
    /// Sends the inputs of `action`; throws a one-line message for an action this page does not
    /// have or bad fields.
    func perform(_ action: WebAction) throws(WebActionError)
    /// Calls `changed` whenever what ``body(_:)`` shows may have changed, for as long as the
    /// returned observations are kept (server-sent events).
    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation]
    /// The inputs the page sends through, traced (the explorer panel shows them); `nil` by
    /// default.
    var tracedInputs: (any InputTracing)? { get }
    /// The action a post to the page's own path sends when no button names one (a script's
    /// post, a form sent with Enter in a browser that names no button); `nil` by default.
    var defaultAction: String? { get }
}

extension WebScreen {
    public func reappear() {}
    public var tracedInputs: (any InputTracing)? { nil }
    public var defaultAction: String? { nil }
}

/// One form post to a page: the button pressed, the row it is about, the form's fields.
public struct WebAction: Sendable, Equatable {
    /// The action's name (`more`, `post`, `retry`), the value of the button pressed or the last
    /// segment of the path posted to.
    public let name: String
    /// The 0-based row index of `/events/1/comments/{row}/retry`, as the REPL's `rowTapped`
    /// sends it; `nil` for an action on the whole page.
    public let row: Int?
    /// The form's fields (`text`, `email`), as posted.
    public let fields: [String: String]

    /// - Parameters:
    ///   - name: the action's name.
    ///   - row: the row it is about, 0-based, if any.
    ///   - fields: the form's fields.
    public init(name: String, row: Int? = nil, fields: [String: String] = [:]) {
        self.name = name
        self.row = row
        self.fields = fields
    }

    /// The row, or an error naming the action that needs one.
    ///
    /// - Parameter count: how many rows the list has; the row must be one of them.
    public func requiredRow(of count: Int) throws(WebActionError) -> Int {
        guard let row else { throw WebActionError("`\(name)` needs a row: post to <page>/<row>/\(name), with row 0 to \(max(count - 1, 0)).") }
        guard (0..<count).contains(row) else {
            throw WebActionError(count == 0 ? "There is no row \(row): the list is empty." : "There is no row \(row); rows are 0 to \(count - 1).")
        }
        return row
    }
}

/// Why an action could not be sent, in one line a page shows.
public struct WebActionError: Error, Equatable, CustomStringConvertible {
    /// The message, one line.
    public let description: String

    /// - Parameter description: what was wrong and what would be right.
    public init(_ description: String) {
        self.description = description
    }

    /// The error for an action a page does not have.
    ///
    /// - Parameters:
    ///   - action: the action posted.
    ///   - page: the page, as a sentence starts with it ("The events list").
    ///   - known: the actions the page has.
    public static func unknown(_ action: WebAction, on page: String, known: [String]) -> WebActionError {
        WebActionError("\(page) has no action '\(action.name.prefix(40))'; it has \(known.joined(separator: ", ")).")
    }
}
