import AgoraApp
import AgoraWebUI

/// The explorer panel's trace, for one session: the REPL's `trace` (``ArchitectureTrace``, the
/// same events in the same order), kept as lines for the panel while the session has it on.
@MainActor
final class ExplorerTrace {
    /// How many lines the panel keeps; older ones drop off the top.
    static let maximumLines = 200

    var isOn: Bool { trace.isOn }
    /// The trace, oldest first.
    private(set) var lines: [String] = []
    private let trace: ArchitectureTrace
    /// The steps of the last type resolved from the panel, shown until the next.
    var resolution: [String] = []
    /// The pages on the stack, whose inputs are traced.
    private var pages: [any WebScreen] = []

    init(application: AgoraApplication) {
        trace = ArchitectureTrace(application: application)
        trace.tracedInputs = { [weak self] in self?.pages.compactMap(\.tracedInputs) ?? [] }
        trace.report = { [weak self] event in self?.record(event) }
    }

    /// Turns the trace on (from now, the lines of an earlier run forgotten) or off.
    func toggle() {
        if trace.isOn {
            trace.stop()
        } else {
            lines = []
            trace.start()
        }
    }

    /// The pages on the stack changed, before the one on top shows: the trace follows each new
    /// page before it sends anything, and reports the hop.
    func stackChanged(pages: [any WebScreen]) {
        self.pages = pages
        trace.stackChanged()
    }

    /// The session ended: stops tracing and forgets the pages.
    func end() {
        trace.stop()
        pages = []
    }

    private func record(_ event: TraceEvent) {
        lines.append(event.text)
        if lines.count > Self.maximumLines { lines.removeFirst(lines.count - Self.maximumLines) }
    }
}
