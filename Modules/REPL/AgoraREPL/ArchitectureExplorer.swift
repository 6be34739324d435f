import AgoraApp
import AgoraArchitecture
import AgoraDI
import AgoraTerminalUI

/// `trace`, `stack`, `inspect`, `inputs`, `send`, `container`, `resolve` and `plugins`: the
/// architecture at work, for any feature, from what the kits know — the coordinator's stack,
/// each ViewModel's outputs and signals found by reflection (`ViewModelInspection`), the inputs
/// each screen sends through (`TracedInputs`, with their table, `InputDeclaring`), the
/// container's introspection and the service's request trace. The REPL has no code for any one
/// feature.
///
/// A trace line goes to ``traceWriter`` (standard error by default, so standard output stays
/// the app's): milliseconds since `trace on`, then what happened; a JSON object with
/// ``traceFormat`` `.json`.
@MainActor
public final class ArchitectureExplorer {
    /// Where trace lines go; standard error unless a test captures them.
    public var traceWriter: @MainActor (String) -> Void = { line in
        StandardStream.error.writeOrEnd(Array("\(TerminalText.line(line))\n".utf8))
    }
    /// How trace events are written: a line of text each, or a JSON object each (`--format json`).
    public var traceFormat: OutputFormat = .table
    /// Whether `trace on` is in effect.
    public var isTracing: Bool { trace.isOn }

    let coordinator: ApplicationCoordinator
    /// The screens on the stack, whose inputs are traced and sent.
    let screens: ScreenStack
    /// The app's container, for `container` and `resolve`.
    let container: Container
    /// What `trace on` reports, the same model agora-web's explorer panel shows.
    private let trace: ArchitectureTrace
    /// What `stack`, `inspect`, `container` and `plugins` show, as agora-web's panel shows it.
    let snapshot: ArchitectureSnapshot

    init(application: AgoraApplication, screens: ScreenStack) {
        coordinator = application.coordinator
        self.screens = screens
        container = application.container
        snapshot = ArchitectureSnapshot(application: application)
        trace = ArchitectureTrace(application: application)
        trace.tracedInputs = { [screens] in screens.entries.value.compactMap { ViewInspection.tracedInputs(of: $0.screen) } }
        trace.report = { [weak self] event in self?.write(event) }
    }

    /// The columns of `stack`.
    static let stackTable = TextTable([.init("#", alignment: .right), .init("Route"), .init("ViewModel"), .init("Coordinator")])

    /// One row a screen: position, route, ViewModel and coordinator types; bottom first. `nil`
    /// when the stack is empty.
    func stackRows() -> [TableRow]? {
        let stack = snapshot.stack
        guard !stack.isEmpty else { return nil }
        return stack.enumerated().map { index, screen in
            TableRow(id: screen.path, cells: [.number(index + 1), .text(screen.link), .text(screen.viewModel), .text(screen.coordinator)])
        }
    }

    /// The top ViewModel: its type, each output's value and each signal's last one, its work;
    /// `nil` with nothing on the stack. A value is summed up in a line, cut with "…" where it is
    /// long, so a line wider than `width` is cut at its end too rather than wrapped.
    func inspectLines(width terminalWidth: Int? = nil) -> [String]? {
        guard let top = snapshot.inspection else { return nil }
        let width = top.items.map(\.name.count).max() ?? 0
        func line(_ item: ViewModelInspection.Found) -> String {
            let line = "  " + item.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (item.source.summary ?? "(nothing sent yet)")
            return terminalWidth.map { TextWidth.truncate(line, to: $0) } ?? line
        }
        return ["\(top.viewModel) at \(top.link), work \(top.isWorking ? "running" : "idle")", "Outputs:"]
            + top.outputs.map(line) + ["Signals (last value):"] + top.signals.map(line)
    }

    /// `inspect`: the top ViewModel (``inspectLines(width:)``) or, given a name, one of its outputs whole.
    func inspectLines(_ name: String?, width: Int?) throws(ExplorerProblem) -> [String] {
        guard let name else {
            guard let lines = inspectLines(width: width) else { throw .message("There is no screen to inspect: `open` one first.") }
            return lines
        }
        return try outputLines(name, width: width)
    }

    /// One output or signal of the top ViewModel, named as `inspect` lists it (`event`,
    /// `list.rows`, in any letter case), its value whole and wrapped to `width`.
    func outputLines(_ name: String, width: Int?) throws(ExplorerProblem) -> [String] {
        let item = try output(named: name)
        guard let value = item.source.latestValue else { return ["\(item.name): (nothing sent yet)"] }
        return ValueOutline.lines(of: value, label: item.name, width: width)
    }

    /// The top ViewModel's output or signal `name`, in any letter case.
    func output(named name: String) throws(ExplorerProblem) -> ViewModelInspection.Found {
        guard let top = snapshot.inspection else { throw .message("There is no screen to inspect: `open` one first.") }
        let found = top.items
        guard let item = found.first(where: { $0.name == name }) ?? found.first(where: { $0.name.lowercased() == name.lowercased() })
        else {
            let names = found.map(\.name)
            throw .message("\(top.viewModel) has no output or signal '\(name.prefix(40))'; `inspect` lists them: \(names.joined(separator: ", ")).")
        }
        return item
    }

    /// The names of the top ViewModel's outputs and signals, for `inspect`'s completion.
    func outputNames() -> [String] {
        snapshot.inspection?.items.map(\.name) ?? []
    }

    /// Starts reporting every labelled send and every change of the stack.
    public func startTracing() {
        trace.start()
    }

    /// The stack changed; called before the new top screen appears, so a ViewModel new on the
    /// stack is labelled before its first output, and the change is traced before what follows.
    func stackChanged() {
        trace.stackChanged()
    }

    /// Stops reporting.
    func stopTracing() {
        trace.stop()
    }

    private func write(_ event: TraceEvent) {
        traceWriter(traceFormat == .json ? event.json : event.text)
    }
}
