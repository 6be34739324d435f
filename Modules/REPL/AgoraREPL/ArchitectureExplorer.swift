import AgoraAPI
import AgoraArchitecture
import AgoraCache
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
    public private(set) var isTracing = false

    let coordinator: ApplicationCoordinator
    /// The screens on the stack, whose inputs are traced and sent.
    let screens: ScreenStack
    /// The app's container, for `container` and `resolve`.
    let container: Container
    /// Where the app's service reports its requests.
    private let serviceRequests: ServiceRequestTrace
    /// Where the app's caches report their writes.
    private let cacheWrites: CacheWriteTrace
    /// Who is logged in, the state every feature shares, whose changes are traced.
    private let sessions: SessionStore
    private var sessionObservation: OutputObservation?
    private var tracingStarted = ContinuousClock.now
    /// The ViewModels on the stack when it was last traced, with their routes.
    private var tracedStack: [TracedScreen] = []

    init(
        coordinator: ApplicationCoordinator, screens: ScreenStack, container: Container, sessions: SessionStore,
        serviceRequests: ServiceRequestTrace, cacheWrites: CacheWriteTrace
    ) {
        self.coordinator = coordinator
        self.screens = screens
        self.container = container
        self.sessions = sessions
        self.serviceRequests = serviceRequests
        self.cacheWrites = cacheWrites
    }

    /// The columns of `stack`.
    static let stackTable = TextTable([.init("#", alignment: .right), .init("Route"), .init("ViewModel"), .init("Coordinator")])

    /// One row a screen: position, route, ViewModel and coordinator types; bottom first. `nil`
    /// when the stack is empty.
    func stackRows() -> [TableRow]? {
        let stack = coordinator.stack.value
        guard !stack.isEmpty else { return nil }
        return stack.enumerated().map { index, presentation in
            let cells: [TableCell] = [
                .number(index + 1), .text(presentation.route.url), .text(Self.typeName(presentation.viewModel)),
                .text(Self.typeName(presentation.coordinator)),
            ]
            return TableRow(id: presentation.route.path, cells: cells)
        }
    }

    /// The top ViewModel: its type, each output's value and each signal's last one, its work;
    /// `nil` with nothing on the stack. A value is summed up in a line, cut with "…" where it is
    /// long, so a line wider than `width` is cut at its end too rather than wrapped.
    func inspectLines(width terminalWidth: Int? = nil) -> [String]? {
        guard let top = coordinator.top else { return nil }
        let found = ViewModelInspection.sources(of: top.viewModel)
        let width = found.map(\.name.count).max() ?? 0
        func line(_ item: ViewModelInspection.Found) -> String {
            let line = "  " + item.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (item.source.summary ?? "(nothing sent yet)")
            return terminalWidth.map { TextWidth.truncate(line, to: $0) } ?? line
        }
        let work = top.viewModel.work.isIdle ? "idle" : "running"
        return ["\(Self.typeName(top.viewModel)) at \(top.route.url), work \(work)", "Outputs:"]
            + found.filter { !$0.source.isSignal }.map(line)
            + ["Signals (last value):"] + found.filter(\.source.isSignal).map(line)
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
        guard let top = coordinator.top else { throw .message("There is no screen to inspect: `open` one first.") }
        let found = ViewModelInspection.sources(of: top.viewModel)
        guard let item = found.first(where: { $0.name == name }) ?? found.first(where: { $0.name.lowercased() == name.lowercased() })
        else {
            let names = found.map(\.name)
            throw .message(
                "\(Self.typeName(top.viewModel)) has no output or signal '\(name.prefix(40))'; `inspect` lists them: \(names.joined(separator: ", ")).")
        }
        return item
    }

    /// The names of the top ViewModel's outputs and signals, for `inspect`'s completion.
    func outputNames() -> [String] {
        coordinator.top.map { ViewModelInspection.sources(of: $0.viewModel).map(\.name) } ?? []
    }

    /// Starts reporting every labelled send and every change of the stack.
    public func startTracing() {
        tracingStarted = .now
        isTracing = true
        followStack()
        tracedStack = coordinator.stack.value.map(TracedScreen.init)
        followSession()
        // A request is reported where it ended: on the main actor (the requester's, a mock
        // answering there) its line is written at once; on the service's thread it is queued on
        // the main actor before the requester's own continuation. Either way it comes before the
        // outputs it causes.
        serviceRequests.observe { [weak self] record in
            Task.immediate { @MainActor in self?.traceRequest(record) }
        }
        // A write returns once its observers were handed the change, so its line follows the
        // outputs it caused; it says what reached the cache and how long that took.
        cacheWrites.observe { [weak self] record in
            Task.immediate { @MainActor in self?.traceCacheWrite(record) }
        }
        trace(.trace, nil, "on")
    }

    /// The stack changed; called before the new top screen appears, so a ViewModel new on the
    /// stack is labelled before its first output, and the change is traced before what follows.
    func stackChanged() {
        guard isTracing else { return }
        let stack = coordinator.stack.value
        let screens = stack.map(TracedScreen.init)
        guard screens != tracedStack else { return }
        let hop = navigationHop(from: tracedStack, to: stack)
        tracedStack = screens
        followStack()
        trace(.navigate, nil, hop)
        let routes = stack.map { "\($0.route.path) (\(Self.typeName($0.viewModel)))" }
        trace(.stack, nil, routes.isEmpty ? "(empty)" : routes.joined(separator: " > "))
    }

    /// Stops reporting.
    func stopTracing() {
        guard isTracing else { return }
        trace(.trace, nil, "off")
        isTracing = false
        serviceRequests.observe(nil)
        cacheWrites.observe(nil)
        sessionObservation?.cancel()
        sessionObservation = nil
        for presentation in coordinator.stack.value { ViewModelInspection.stopTracing(presentation.viewModel) }
        for entry in screens.entries.value { ViewInspection.tracedInputs(of: entry.screen)?.tracer = nil }
    }

    /// Reports what each ViewModel on the stack sends, and each input its screen sends it, while
    /// tracing is on (one popped before `trace off` keeps its tracer, which then says nothing).
    private func followStack() {
        for presentation in coordinator.stack.value {
            ViewModelInspection.trace(presentation.viewModel) { [weak self] label, summary, isSignal in
                guard let self, isTracing else { return }
                trace(isSignal ? .signal : .output, label, summary)
            }
        }
        for entry in screens.entries.value {
            guard let inputs = ViewInspection.tracedInputs(of: entry.screen) else { continue }
            let viewModel = inputs.viewModelName
            inputs.tracer = { [weak self] input, arguments in
                guard let self, isTracing else { return }
                trace(.input, "\(viewModel).\(input)", arguments.joined(separator: ", "))
            }
        }
    }

    /// Reports each login and logout while tracing is on; the session at `trace on` is not a change.
    private func followSession() {
        sessionObservation?.cancel()
        var current = sessions.user
        sessionObservation = sessions.session.observe { [weak self] session in
            guard let self, isTracing, session?.user != current else { return }
            current = session?.user
            trace(.session, nil, session.map { "logged in as \($0.user.name)" } ?? "logged out")
        }
    }

    private func traceRequest(_ record: ServiceRequestTrace.Record) {
        guard isTracing else { return }
        let outcome =
            switch record.outcome {
            case .success(let summary): summary
            case .failure(let error): "failed: \(error)"
            }
        var event = TraceEvent(atMs: Self.milliseconds(since: tracingStarted), kind: .request, subject: record.endpoint, value: outcome)
        event.mode = record.mode == .live ? "live" : "mock"
        event.durationMs = Self.milliseconds(record.duration)
        write(event)
    }

    private func traceCacheWrite(_ record: CacheWriteTrace.Record) {
        guard isTracing else { return }
        var event = TraceEvent(atMs: Self.milliseconds(since: tracingStarted), kind: .cache, subject: record.cache, value: record.write)
        event.durationMs = Self.milliseconds(record.duration)
        write(event)
    }

    func trace(_ kind: TraceEvent.Kind, _ subject: String?, _ value: String) {
        write(TraceEvent(atMs: Self.milliseconds(since: tracingStarted), kind: kind, subject: subject, value: value))
    }

    private func write(_ event: TraceEvent) {
        traceWriter(traceFormat == .json ? event.json : event.text)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        milliseconds(ContinuousClock.now - start)
    }

    static func typeName(_ object: AnyObject) -> String {
        String(describing: type(of: object))
    }
}
