import AgoraArchitecture
import AgoraWebUI

/// Every page's frame: a link past the header for keyboards, the header (the app's name, its
/// menu, each feature's part — the member's name and logout), `<main id="screen">` with the
/// page's one `<h1>`, the explorer panel when it is on, the footer (the explorer's toggle: the
/// project's showcase, kept out of a member's way), and links to the app's style sheet and the
/// small script that follows the page's changes (``PageAssets``).
@MainActor
enum PageLayout {
    /// The whole page for `screen` at `path`.
    static func page(_ screen: any WebScreen, path: String, session: WebSession) -> HTML {
        let context = pageContext(path: path, session: session)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(screen.title)]), reason(session, path: path)] + session.messages.take()
                + session.parts.compactMap { $0.messages?.take() }.flatMap { $0 }
                + screen.body(context))
        return frame(title: screen.title, main: main, context: context, session: session)
    }

    /// A page that only says something (a failed start), with the frame around it.
    static func notice(title: String, message: String, path: String, session: WebSession) -> HTML {
        let context = pageContext(path: path, session: session)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(title)]), .element("p", ["class": "error", "role": "alert"], [.text(message)])])
        return frame(title: title, main: main, context: context, session: session)
    }

    /// The page for a form that was not acted on, its session gone (the page stayed open past
    /// it) or its token not the session's: what happened, in a member's words, each text the
    /// form carried given back to copy (never a password or a code), and the way back to the
    /// page it came from (`back`).
    static func formNotSent(fields: [String: String], sessionEnded: Bool, back: String, path: String, session: WebSession) -> HTML {
        let context = pageContext(path: path, session: session)
        let typed = FormFields.typedTexts(in: fields).map { name, text in
            HTML.element(
                "p", ["class": "field"],
                [
                    .element("label", ["for": "typed-\(name)"], [.text("What you typed (\(name))")]),
                    .element("textarea", ["id": "typed-\(name)", "readonly": "readonly", "rows": "4"], [.text(text)]),
                ])
        }
        let why =
            sessionEnded
            ? "This page was open longer than your session lasts, so nothing was sent."
            : "This form did not come from this browser's current page, so nothing was sent."
        let main = HTML.element(
            "main", ["id": "screen"],
            [
                .element("h1", [.text("Nothing was sent")]),
                .element(
                    "p", ["class": "error", "role": "alert"], [.text(why + (typed.isEmpty ? "" : " What you typed is below: copy it, then send it again."))]),
            ] + typed + [.element("p", [.element("a", ["class": "button primary", "href": back], [.text("Back to the page")])])])
        return frame(title: "Nothing was sent", main: main, context: context, session: session)
    }

    /// The page for an address that names none: what happened, in a member's words, and the
    /// way back to the app's pages (its menu).
    static func notFound(path: String, session: WebSession) -> HTML {
        let context = pageContext(path: path, session: session)
        let ways = session.menu.filter { $0.place == .bar }.map { link in HTML.element("li", [.element("a", ["href": link.path], [.text(link.label)])]) }
        let main = HTML.element(
            "main", ["id": "screen"],
            [
                .element("h1", [.text("Page not found")]),
                .element("p", [.text("There is no page at this address: the link may be mistyped, or the page has moved.")]),
                .element("ul", ["class": "ways"], ways),
            ])
        return frame(title: "Page not found", main: main, context: context, session: session)
    }

    private static func frame(title: String, main: HTML, context: WebPageContext, session: WebSession) -> HTML {
        let header = HTML.element(
            "header", ["class": "bar"],
            [
                .element("a", ["class": "brand", "href": "/events"], [.text("Agora")]),
                .element("nav", ["class": "app", "aria-label": "Agora"], menu(session, path: context.path)),
                .group(session.parts.map { $0.header(context) }),
            ])
        let footer = HTML.element(
            "footer", ["class": "site"],
            [
                .element("p", [.text("Agora shows how a modular app fits together.")]),
                context.form(
                    posting: "/_explorer",
                    [
                        .element("input", ["type": "hidden", "name": "from", "value": context.path]),
                        explorerToggle(isOn: session.explorer.isOn),
                    ]),
            ])
        let body: [HTML] = [
            .element("a", ["class": "skip", "href": "#screen"], [.text("Skip to the page")]),
            header, main, session.explorer.isOn ? ExplorerPanel.render(session, shownAt: context.path) : .empty, footer,
            .script(at: PageAssets.scriptPath),
        ]
        return HTML.document(
            title: "\(title) — Agora",
            head: [
                .element("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
                .element("meta", ["name": "color-scheme", "content": "light dark"]),
                .styleSheet(at: PageAssets.styleSheetPath),
                .element("link", ["rel": "icon", "href": "\(PageAssets.iconPath)", "type": "image/svg+xml"]),
            ], body: body
        )
    }

    /// On the login page, what the action that opened it waits for.
    private static func reason(_ session: WebSession, path: String) -> HTML {
        guard let reason = session.loginReason, path == WebPath.of(.login) else { return .empty }
        return .element("p", ["class": "reason"], [.text(reason)])
    }

    /// "See the architecture at work", pressed while the panel is on.
    private static func explorerToggle(isOn: Bool) -> HTML {
        .element(
            "button",
            attributes: [
                HTML.Attribute("type", "submit"), HTML.Attribute("name", "action"), HTML.Attribute("value", "explorer"),
                HTML.Attribute("class", "quiet"), HTML.Attribute("aria-pressed", isOn ? "true" : "false"),
            ], [.text("See the architecture at work")])
    }

    /// The bar's links, the one holding the page marked as the current place.
    private static func menu(_ session: WebSession, path: String) -> [HTML] {
        MenuLink.links(session.menu, in: .bar, at: path).map(\.html)
    }

    /// What the parts of the page at `path` get, the account menu's links among it: the part that
    /// draws the member's menu shows them while someone is logged in.
    private static func pageContext(path: String, session: WebSession) -> WebPageContext {
        WebPageContext(path: path, csrfToken: session.csrfToken, accountMenu: MenuLink.links(session.menu, in: .account, at: path))
    }
}
