import AgoraArchitecture
import AgoraWebUI

/// Every page's frame: the header (the app's links, each feature's part, the explorer toggle),
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
            [.element("h1", [.text(screen.title)])] + session.messages.take() + session.parts.compactMap { $0.messages?.take() }.flatMap { $0 }
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
        let explorerLabel = session.explorer.isOn ? "Hide the explorer" : "Show the explorer"
        let header = HTML.element(
            "header",
            [
                .element("nav", ["class": "app"], navigation(session)),
                .group(session.parts.map { $0.header(context) }),
                context.form(
                    posting: "/_explorer",
                    [.element("input", ["type": "hidden", "name": "from", "value": context.path]), WebPageContext.button("explorer", label: explorerLabel)]),
            ])
        let body: [HTML] = [
            header, main, session.explorer.isOn ? ExplorerPanel.render(session) : .empty,
            .script(at: PageAssets.scriptPath),
        ]
        return HTML.document(
            title: "\(title) — Agora",
            head: [.element("meta", ["name": "viewport", "content": "width=device-width"]), .styleSheet(at: PageAssets.styleSheetPath)], body: body
        )
    }

    /// A link to each place a plugin shows that needs no id (the events, the activity feed),
    /// labelled with its summary, in the plugins' order; the login is in the account line.
    private static func navigation(_ session: WebSession) -> [HTML] {
        session.application.coordinator.destinations.compactMap { destination in
            let route = destination.pattern.example
            guard !destination.pattern.description.contains("{"), route != .login else { return nil }
            return HTML.element("a", ["href": WebPath.of(route)], [.text(destination.summary.prefix(1).uppercased() + destination.summary.dropFirst())])
        }
    }
}
