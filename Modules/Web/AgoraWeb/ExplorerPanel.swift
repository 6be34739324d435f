import AgoraApp
import AgoraArchitecture
import AgoraWebUI

/// `<aside id="explorer">`: the session's trace, its navigation stack, its top ViewModel and the
/// inputs its page sends, its container's registrations, its plugins and routes, beside the
/// page — the REPL's `trace`, `stack`, `inspect`, `inputs`, `container`, `plugins` and `routes`
/// in one panel, drawn from the same model (``ArchitectureTrace``, ``ArchitectureSnapshot``).
/// Its forms are the REPL's `send` (each input of the page shown, its arguments typed) and
/// `resolve` (a registered type, resolved step by step).
@MainActor
enum ExplorerPanel {
    /// The panel beside the page at `path`.
    static func render(_ session: WebSession, shownAt path: String) -> HTML {
        let snapshot = ArchitectureSnapshot(application: session.application)
        // The page shown, which the browser's Back may have left below the top.
        let shown = snapshot.stack.last { WebPath.of($0.route) == path }?.route
        let shownInspection = snapshot.inspection(at: shown)
        let shownInputs = session.page(at: shown)?.tracedInputs
        let trace = session.explorer.lines.map { HTML.element("li", [.text($0)]) }
        let forms = WebPageContext(path: path, csrfToken: session.csrfToken, accountMenu: [])
        return .element(
            // Focusable, so a keyboard can scroll the panel where it is taller than the screen.
            "aside", ["id": "explorer", "aria-label": "Architecture explorer", "tabindex": "0"],
            [
                .element("h2", [.text("Explorer")]),
                .element("h3", [.text("Trace")]),
                trace.isEmpty ? .element("p", [.text("Nothing traced yet: act on the page.")]) : .element("ol", ["class": "trace"], trace),
                .element("h3", [.text("Navigation stack")]),
                stack(snapshot.stack, shownAt: path),
                inspection(shownInspection),
                inputs(snapshot.inputs(sentThrough: shownInputs), forms: forms),
                container(snapshot.assemblies),
                resolve(snapshot.assemblies, last: session.explorer.resolution, forms: forms),
                plugins(snapshot.plugins),
                routes(snapshot.routes),
            ])
    }

    /// The stack, bottom first. A browser's Back shows a page below the top without closing
    /// those above it, which stay for its Forward (and for the forms of the session's other
    /// tabs): the page shown and those above it say so.
    private static func stack(_ stack: [ArchitectureSnapshot.Screen], shownAt path: String) -> HTML {
        let shown = stack.lastIndex { WebPath.of($0.route) == path }
        let items = stack.enumerated().map { index, screen in
            let note = index == shown ? "  (shown)" : shown.map { index > $0 } == true ? "  (kept for Forward)" : ""
            return HTML.element("li", [.text("\(screen.link)  \(screen.viewModel)  \(screen.coordinator)\(note)")])
        }
        return .element("ol", ["class": "stack"], items)
    }

    /// The top ViewModel: what it is and where, then each output's value and each signal's last.
    private static func inspection(_ top: ArchitectureSnapshot.Inspection?) -> HTML {
        guard let top else { return .empty }
        func rows(_ items: [ViewModelInspection.Found]) -> [HTML] {
            items.map { item in
                HTML.element(
                    "tr", [.element("td", [.text(item.name)]), .element("td", ["class": "value"], [.text(item.source.summary ?? "(nothing sent yet)")])])
            }
        }
        return .group([
            .element("h3", [.text("Inspect")]),
            .element("p", [.text("\(top.viewModel) at \(top.link), work \(top.isWorking ? "running" : "idle")")]),
            table(["Output", "Value"], rows(top.outputs), class: "inspect"),
            table(["Signal", "Last value"], rows(top.signals), class: "inspect"),
        ])
    }

    /// The inputs the page shown sends its ViewModel, each with its parameters and a form that
    /// sends it: a field a parameter (a password field for a secret), as `send` takes them.
    private static func inputs(_ inputs: [DeclaredInput]?, forms: WebPageContext) -> HTML {
        guard let inputs else { return .empty }
        return .group([
            .element("h3", [.text("Inputs")]),
            table(
                ["Input", "Parameters", "Send"],
                inputs.map { input in
                    let parameters = input.parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", ")
                    return HTML.element(
                        "tr",
                        [
                            .element("td", [.text(input.name)]), .element("td", [.text(parameters.isEmpty ? "-" : parameters)]),
                            .element("td", [sendForm(input, forms: forms)]),
                        ])
                }, class: "inputs"),
        ])
    }

    /// One input's form: its name, a labelled field per parameter, and a button.
    private static func sendForm(_ input: DeclaredInput, forms: WebPageContext) -> HTML {
        let fields = input.parameters.enumerated().map { index, parameter in
            HTML.element(
                "label",
                [.text(parameter.label + " "), .element("input", ["name": "argument\(index)", "type": parameter.isSecret ? "password" : "text", "size": "6"])])
        }
        return forms.form(
            posting: "/_explorer/send",
            [
                .element("input", ["type": "hidden", "name": "from", "value": forms.path]),
                .element("input", ["type": "hidden", "name": "input", "value": input.name]),
            ]
                + fields + [.element("button", ["type": "submit", "aria-label": "Send \(input.name)"], [.text("Send")])])
    }

    /// `resolve`: a registered type to resolve, then the steps of the last one resolved.
    private static func resolve(_ assemblies: [ArchitectureSnapshot.Assembly], last: [String], forms: WebPageContext) -> HTML {
        let options = assemblies.flatMap(\.registrations).map { HTML.element("option", [.text($0.type)]) }
        return .group([
            .element("h3", ["id": "explorer-resolve"], [.text("Resolve")]),
            forms.form(
                posting: "/_explorer/resolve",
                [
                    .element("input", ["type": "hidden", "name": "from", "value": forms.path]),
                    .element("label", [.text("Type "), .element("select", ["name": "type"], options)]),
                    .element("button", ["type": "submit"], [.text("Resolve")]),
                ]),
            last.isEmpty ? .empty : .element("ol", ["class": "resolution"], last.map { HTML.element("li", [.text($0)]) }),
        ])
    }

    /// The routes the plugins declare: an example link each, and what it opens.
    private static func routes(_ routes: [ArchitectureSnapshot.Route]) -> HTML {
        .group([
            .element("h3", [.text("Routes")]),
            table(
                ["Link", "Opens"],
                routes.map { route in HTML.element("tr", [.element("td", [.text(route.link)]), .element("td", [.text(route.opens)])]) },
                class: "routes"),
        ])
    }

    /// The registrations, a table per assembly, then what each scope means.
    private static func container(_ assemblies: [ArchitectureSnapshot.Assembly]) -> HTML {
        let registrations = assemblies.flatMap(\.registrations)
        let summary = "\(registrations.count) registrations, \(registrations.filter(\.isResolved).count) resolved, in \(assemblies.count) assemblies."
        let tables = assemblies.map { assembly in
            HTML.group([
                .element("h4", [.text("\(assembly.name) (\(assembly.registrations.count))")]),
                table(
                    ["Type", "Scope", "Resolved"],
                    assembly.registrations.map { registration in
                        HTML.element(
                            "tr",
                            [
                                .element("td", [.text(registration.type)]), .element("td", [.text(registration.scope)]),
                                .element("td", [.text(registration.isResolved ? "resolved" : "not yet")]),
                            ])
                    }, class: "container"),
            ])
        }
        return .group(
            [.element("h3", [.text("Container")]), .element("p", [.text(summary)])] + tables
                + [.element("p", ["class": "legend"], [.text(ArchitectureSnapshot.scopeLegend)])])
    }

    /// The plugins: each one's links, registrations and what it needs.
    private static func plugins(_ plugins: [ArchitectureSnapshot.Plugin]) -> HTML {
        .group([
            .element("h3", [.text("Plugins")]),
            table(
                ["Plugin", "Links", "Registrations", "Needs"],
                plugins.map { plugin in
                    HTML.element(
                        "tr",
                        [
                            .element("td", [.text(plugin.name)]), .element("td", [.text(plugin.links.joined(separator: " "))]),
                            .element("td", [.text("\(plugin.registrationCount)")]),
                            .element("td", [.text(plugin.needs.isEmpty ? "-" : plugin.needs.joined(separator: ", "))]),
                        ])
                }, class: "plugins"),
        ])
    }

    /// A table with a header of `columns` over `rows`.
    private static func table(_ columns: [String], _ rows: [HTML], class name: String) -> HTML {
        .element(
            "table", ["class": name],
            [
                .element("thead", [.element("tr", columns.map { HTML.element("th", ["scope": "col"], [.text($0)]) })]),
                .element("tbody", rows),
            ])
    }
}
