/// What the app answers a request with, before it becomes an HTTP response: a page, a redirect
/// or a one-line refusal.
struct WebReply: Sendable {
    /// The HTTP status code.
    let status: Int
    /// The page or the message; `nil` for a redirect.
    let body: String?
    /// Where a redirect sends the browser.
    let location: String?
    /// The body's media type.
    let contentType: String

    /// A page, 200 unless said otherwise.
    static func page(_ html: String, status: Int = 200) -> WebReply {
        WebReply(status: status, body: html, location: nil, contentType: "text/html; charset=utf-8")
    }

    /// 303 See Other to `path`: a post's answer (Post/Redirect/Get), or `/` to `/events`.
    static func redirect(to path: String) -> WebReply {
        WebReply(status: 303, body: nil, location: path, contentType: "text/plain; charset=utf-8")
    }

    /// A refusal in one line of plain text (a post without the session's token).
    static func refusal(_ status: Int, _ message: String) -> WebReply {
        WebReply(status: status, body: message + "\n", location: nil, contentType: "text/plain; charset=utf-8")
    }
}
