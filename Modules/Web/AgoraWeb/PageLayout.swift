import AgoraArchitecture
import AgoraWebUI

/// Every page's frame: a link past the header for keyboards, the header (the app's name, its
/// menu, each feature's part — the member's name and logout —, the explorer toggle),
/// `<main id="screen">` with the page's one `<h1>`, the explorer panel when it is on, and links
/// to the app's style sheet and the small script that follows the page's changes
/// (``PageAssets``).
@MainActor
enum PageLayout {
    /// The whole page for `screen` at `path`.
    static func page(_ screen: any WebScreen, path: String, session: WebSession) -> HTML {
        let context = WebPageContext(path: path, csrfToken: session.csrfToken)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(screen.title)]), reason(session, path: path)] + session.messages.take()
                + session.parts.compactMap { $0.messages?.take() }.flatMap { $0 }
                + screen.body(context))
        return frame(title: screen.title, main: main, context: context, session: session)
    }

    /// A page that only says something (no such page, a failed start), with the frame around it.
    static func notice(title: String, message: String, path: String, session: WebSession) -> HTML {
        let context = WebPageContext(path: path, csrfToken: session.csrfToken)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(title)]), .element("p", ["class": "error", "role": "alert"], [.text(message)])])
        return frame(title: title, main: main, context: context, session: session)
    }

    private static func frame(title: String, main: HTML, context: WebPageContext, session: WebSession) -> HTML {
        let header = HTML.element(
            "header", ["class": "bar"],
            [
                .element("a", ["class": "brand", "href": "/events"], [.text("Agora")]),
                .element("nav", ["class": "app", "aria-label": "Agora"], menu(session, path: context.path)),
                .group(session.parts.map { $0.header(context) }),
                context.form(
                    posting: "/_explorer",
                    [
                        .element("input", ["type": "hidden", "name": "from", "value": context.path]),
                        explorerToggle(isOn: session.explorer.isOn),
                    ]),
            ])
        let body: [HTML] = [
            .element("a", ["class": "skip", "href": "#screen"], [.text("Skip to the page")]),
            header, main, session.explorer.isOn ? ExplorerPanel.render(session) : .empty,
            .script(at: PageAssets.scriptPath),
        ]
        return HTML.document(
            title: "\(title) — Agora",
            head: [
                .element("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
                .element("meta", ["name": "color-scheme", "content": "light dark"]),
                .styleSheet(at: PageAssets.styleSheetPath),
            ], body: body
        )
    }

    /// On the login page, what the action that opened it waits for.
    private static func reason(_ session: WebSession, path: String) -> HTML {
        guard let reason = session.loginReason, path == WebPath.of(.login) else { return .empty }
        return .element("p", ["class": "reason"], [.text(reason)])
    }

    /// "Explorer", pressed while the panel is on: one short word, so the header fits a phone.
    private static func explorerToggle(isOn: Bool) -> HTML {
        .element(
            "button",
            attributes: [
                HTML.Attribute("type", "submit"), HTML.Attribute("name", "action"), HTML.Attribute("value", "explorer"),
                HTML.Attribute("class", "quiet"), HTML.Attribute("aria-pressed", isOn ? "true" : "false"),
            ], [.text("Explorer")])
    }

    /// The menu's links, the one holding the page marked as the current place.
    private static func menu(_ session: WebSession, path: String) -> [HTML] {
        session.menu.map { link in
            var attributes = [HTML.Attribute("href", link.path)]
            if link.holds(path) { attributes.append(HTML.Attribute("aria-current", "page")) }
            return HTML.element("a", attributes: attributes, [.text(link.label)])
        }
    }
}
