import AgoraArchitecture
import AgoraWebUI

/// Every page's frame: the header (the app's links, each feature's part, the explorer toggle),
/// `<main id="screen">` with the page's one `<h1>`, the explorer panel when it is on, and the
/// small script that follows the page's changes.
@MainActor
enum PageLayout {
    /// The whole page for `screen` at `path`.
    static func page(_ screen: any WebScreen, path: String, session: WebSession) -> String {
        let context = WebPageContext(path: path, csrfToken: session.csrfToken)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(screen.title)])] + session.messages.take() + session.parts.compactMap { $0.messages?.take() }.flatMap { $0 }
                + screen.body(context))
        return frame(title: screen.title, main: main, context: context, session: session)
    }

    /// A page that only says something (no such page, a failed start), with the frame around it.
    static func notice(title: String, message: String, path: String, session: WebSession) -> String {
        let context = WebPageContext(path: path, csrfToken: session.csrfToken)
        let main = HTML.element(
            "main", ["id": "screen"],
            [.element("h1", [.text(title)]), .element("p", ["class": "error", "role": "alert"], [.text(message)])])
        return frame(title: title, main: main, context: context, session: session)
    }

    private static func frame(title: String, main: HTML, context: WebPageContext, session: WebSession) -> String {
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
            .script(liveScript),
        ]
        return HTML.document(
            title: "\(title) — Agora", head: [.element("meta", ["name": "viewport", "content": "width=device-width"]), .style(style)], body: body
        )
        .rendered
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

    /// Reloads `<main>` (and the explorer) when the server says the page changed. Reading works
    /// without it. While a field of the page has focus or holds text, the page is left as it is
    /// and looked at again a second later, so nothing a person types is lost or detached.
    private static let liveScript: StaticString = """
        (function () {
          if (!window.EventSource || !window.fetch || !window.DOMParser) return;
          var source = new EventSource('/_live?path=' + encodeURIComponent(location.pathname));
          var busy = false, again = false, waiting = false;
          var fields = 'textarea, input[type=text], input[type=email], input[type=password]';
          function typing() {
            var main = document.getElementById('screen');
            if (!main) return false;
            var focused = document.activeElement;
            if (focused && main.contains(focused) && focused.matches(fields)) return true;
            return Array.prototype.some.call(main.querySelectorAll(fields), function (field) { return field.value; });
          }
          function swap(fresh, id) {
            var now = document.getElementById(id), next = fresh.getElementById(id);
            if (now && next) now.replaceWith(next);
            else if (next) document.body.insertBefore(next, document.body.querySelector('script'));
            else if (now) now.remove();
          }
          function refetch() {
            if (busy) { again = true; return; }
            if (typing()) {
              if (!waiting) { waiting = true; setTimeout(function () { waiting = false; refetch(); }, 1000); }
              return;
            }
            busy = true;
            fetch(location.pathname, { credentials: 'same-origin' })
              .then(function (response) { return response.text(); })
              .then(function (text) {
                if (typing()) { again = true; return; }
                var fresh = new DOMParser().parseFromString(text, 'text/html');
                swap(fresh, 'screen');
                swap(fresh, 'explorer');
              })
              .catch(function () {})
              .then(function () { busy = false; if (again) { again = false; refetch(); } });
          }
          source.addEventListener('changed', refetch);
        })();
        """

    private static let style: StaticString = """
        body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 0 1rem; display: grid; grid-template-columns: 1fr; }
        body:has(#explorer) { grid-template-columns: 2fr 1fr; column-gap: 1rem; }
        header { grid-column: 1 / -1; display: flex; gap: 1rem; align-items: center; border-bottom: 1px solid #ccc; padding: .5rem 0; }
        nav.app { display: flex; gap: 1rem; }
        main > form label { display: block; } textarea { width: 100%; box-sizing: border-box; }
        header form, nav.list-actions form, td form { display: inline; }
        table.rows { border-collapse: collapse; width: 100%; }
        table.rows th, table.rows td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
        tr[data-state="failed"], tr[data-state="queued"] { background: #fff3f0; }
        tr[data-state="sending"] { color: #777; }
        p.error { color: #a00; } p.notice { color: #060; } p.empty { color: #555; font-style: italic; }
        #explorer { font: 12px ui-monospace, monospace; background: #f6f6f6; padding: .5rem; overflow: auto; max-height: 90vh; }
        #explorer ol { padding-left: 1.5rem; } #explorer li { white-space: pre-wrap; }
        """
}
