import AgoraApp
import AgoraArchitecture
import AgoraWebUI

/// The explorer panel's trace, for one session: what the REPL's `trace` shows (inputs, outputs,
/// signals, navigation, logins and logouts, service requests, cache writes), kept as lines for
/// the panel while the session has it on.
@MainActor
final class ExplorerTrace {
    /// How many lines the panel keeps; older ones drop off the top.
    static let maximumLines = 200

    private(set) var isOn = false
    /// The trace, oldest first.
    private(set) var lines: [String] = []
    private let application: AgoraApplication
    private var started = ContinuousClock.now
    /// The pages followed, with their ViewModels, by the ViewModel's identity.
    private var followed: [ObjectIdentifier: (screen: any WebScreen, viewModel: any ViewModel)] = [:]
    private var sessionObservation: OutputObservation?
    private var tracedStack: [Route] = []

    init(application: AgoraApplication) {
        self.application = application
    }

    /// Turns the trace on (from now, the lines of an earlier run forgotten) or off.
    func toggle() {
        isOn ? stop() : start()
    }

    /// Traces a page new on the stack, and its ViewModel, while the trace is on.
    func follow(_ screen: any WebScreen, viewModel: any ViewModel) {
        followed[ObjectIdentifier(viewModel)] = (screen, viewModel)
        if isOn { trace(screen, viewModel) }
    }

    /// Whether ``follow(_:viewModel:)`` was told of `viewModel`'s page.
    func follows(_ viewModel: any ViewModel) -> Bool {
        followed[ObjectIdentifier(viewModel)] != nil
    }

    /// The stack changed: records the hop, and forgets the pages of ViewModels no longer on it.
    func stackChanged(viewModels: Set<ObjectIdentifier>) {
        followed = followed.filter { viewModels.contains($0.key) }
        let routes = application.coordinator.stack.value.map(\.route)
        guard isOn, routes != tracedStack else { return }
        tracedStack = routes
        record("navigate", routes.isEmpty ? "(empty)" : routes.map(\.path).joined(separator: " > "))
    }

    private func start() {
        isOn = true
        started = .now
        lines = []
        tracedStack = application.coordinator.stack.value.map(\.route)
        for (screen, viewModel) in followed.values { trace(screen, viewModel) }
        application.serviceRequests.observe { [weak self] request in
            let outcome =
                switch request.outcome {
                case .success(let summary): summary
                case .failure(let error): "failed: \(error)"
                }
            Task { @MainActor in self?.record("request", "\(request.endpoint) → \(outcome)") }
        }
        application.cacheWrites.observe { [weak self] write in
            Task { @MainActor in self?.record("cache", "\(write.cache): \(write.write)") }
        }
        // An observation is told the current session at once; only a change is traced.
        var current = application.sessions.session.value
        sessionObservation = application.sessions.session.observe { [weak self] session in
            guard session != current else { return }
            current = session
            self?.record("session", session.map { "logged in as \($0.user.name)" } ?? "logged out")
        }
        record("trace", "on")
    }

    /// The session ended: stops tracing and forgets the pages followed.
    func end() {
        if isOn { stop() }
        followed = [:]
    }

    private func stop() {
        isOn = false
        for (screen, viewModel) in followed.values {
            screen.tracedInputs?.tracer = nil
            ViewModelInspection.stopTracing(viewModel)
        }
        application.serviceRequests.observe(nil)
        application.cacheWrites.observe(nil)
        sessionObservation = nil
    }

    private func trace(_ screen: any WebScreen, _ viewModel: any ViewModel) {
        let type = String(describing: Swift.type(of: viewModel))
        screen.tracedInputs?.tracer = { [weak self] input, arguments in
            self?.record("input", "\(type).\(input)(\(arguments.joined(separator: ", ")))")
        }
        ViewModelInspection.trace(viewModel) { [weak self] label, summary, isSignal in
            self?.record(isSignal ? "signal" : "output", "\(label) = \(summary)")
        }
    }

    private func record(_ kind: String, _ text: String) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        lines.append("\(milliseconds) ms  \(kind)  \(text)")
        if lines.count > Self.maximumLines { lines.removeFirst(lines.count - Self.maximumLines) }
    }
}
