import AgoraWebUI
import Comments

/// What a comment's card shows wherever it is (the comments page, an event's latest comments):
/// who wrote it and when, then its text.
@MainActor
enum CommentCard {
    /// The author's initial, name ("(you)" for the member's own) and relative time, and the
    /// state of a comment not posted yet (`marker`: "sending…", "queued"; empty for none).
    static func byline(_ row: CommentRow, marker: String = "") -> HTML {
        let who = row.isMine && row.status == .posted ? "\(row.authorName) (you)" : row.authorName
        return .element(
            "p", ["class": "byline"],
            [
                .element("span", ["class": "avatar", "aria-hidden": "true"], [.text(String(row.authorName.prefix(1)).uppercased())]),
                .element("strong", ["class": "author"], [.text(who)]),
                .time(row.time, .relative),
                marker.isEmpty ? .empty : .element("em", ["class": "status"], [.text(marker)]),
            ])
    }

    /// The comment's text, line by line.
    static func text(_ row: CommentRow) -> HTML {
        .element("p", ["class": "text"], UntrustedText.lines(row.body).map { HTML.element("span", ["class": "line"], [.text($0)]) })
    }
}
