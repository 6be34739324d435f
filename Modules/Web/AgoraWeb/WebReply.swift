import AgoraWebUI

/// What the app answers a request with, before it becomes an HTTP response: a page, a redirect
/// or a one-line refusal.
struct WebReply: Sendable {
    /// What the response carries.
    enum Body: Sendable {
        /// A page, built on the main actor from the outputs' values and rendered off it.
        case page(HTML)
        /// A line of plain text.
        case text(String)
        /// Nothing (a redirect).
        case none
    }

    /// The HTTP status code.
    let status: Int
    /// The page or the message.
    let body: Body
    /// Where a redirect sends the browser.
    let location: String?
    /// The body's media type.
    let contentType: String

    /// A page, 200 unless said otherwise.
    static func page(_ html: HTML, status: Int = 200) -> WebReply {
        WebReply(status: status, body: .page(html), location: nil, contentType: "text/html; charset=utf-8")
    }

    /// 303 See Other to `path`: a post's answer (Post/Redirect/Get), or `/` to `/events`.
    static func redirect(to path: String) -> WebReply {
        WebReply(status: 303, body: .none, location: path, contentType: "text/plain; charset=utf-8")
    }

    /// A refusal in one line of plain text (a post without the session's token).
    static func refusal(_ status: Int, _ message: String) -> WebReply {
        WebReply(status: status, body: .text(message + "\n"), location: nil, contentType: "text/plain; charset=utf-8")
    }

    /// The body's text: a page is rendered here, on the global executor, not on the main actor
    /// that every session shares, so one visitor's large page does not hold up another's.
    @concurrent
    func renderedBody() async -> String? {
        switch body {
        case .page(let html): html.rendered
        case .text(let text): text
        case .none: nil
        }
    }
}
