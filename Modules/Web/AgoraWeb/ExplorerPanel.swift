import AgoraDI
import AgoraWebUI

/// `<aside id="explorer">`: the session's trace, its navigation stack and its container's
/// registrations, beside the page — the REPL's `trace`, `stack` and `container` in one panel.
@MainActor
enum ExplorerPanel {
    static func render(_ session: WebSession) -> HTML {
        let stack = session.application.coordinator.stack.value.map { presentation in
            HTML.element(
                "li", [.text("\(presentation.route.url)  \(typeName(presentation.viewModel))  \(typeName(presentation.coordinator))")])
        }
        let container = session.application.container
        let registrations = container.registrationSummaries.map { summary in
            HTML.element(
                "tr",
                [
                    .element("td", [.text(summary.key.description)]), .element("td", [.text(container.lifetime(of: summary))]),
                    .element("td", [.text(summary.assembly ?? "")]), .element("td", [.text(summary.isResolved ? "resolved" : "not yet")]),
                ])
        }
        let trace = session.explorer.lines.map { HTML.element("li", [.text($0)]) }
        return .element(
            // Focusable, so a keyboard can scroll the panel where it is taller than the screen.
            "aside", ["id": "explorer", "aria-label": "Architecture explorer", "tabindex": "0"],
            [
                .element("h2", [.text("Explorer")]),
                .element("h3", [.text("Trace")]),
                trace.isEmpty ? .element("p", [.text("Nothing traced yet: act on the page.")]) : .element("ol", ["class": "trace"], trace),
                .element("h3", [.text("Navigation stack")]),
                .element("ol", ["class": "stack"], stack),
                .element("h3", [.text("Container")]),
                .element(
                    "table", ["class": "container"],
                    [
                        .element(
                            "thead", [.element("tr", ["Type", "Scope", "Assembly", "Resolved"].map { HTML.element("th", ["scope": "col"], [.text($0)]) })]),
                        .element("tbody", registrations),
                    ]),
            ])
    }

    private static func typeName(_ object: AnyObject) -> String {
        String(describing: type(of: object))
    }
}
