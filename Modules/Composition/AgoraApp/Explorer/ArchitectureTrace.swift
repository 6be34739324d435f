import AgoraAPI
import AgoraArchitecture
import AgoraCache

/// The explorer's trace, for every view: while on, it reports each input a screen sends its
/// ViewModel, each output and signal the ViewModels on the stack send, each hop of the stack,
/// each login and logout, each service request (with its mode and duration) and each cache
/// write, as ``TraceEvent``s in the order they happened. The REPL writes them on its terminal
/// (`trace on`), agora-web keeps them for its explorer panel; neither observes anything itself.
@MainActor
public final class ArchitectureTrace {
    /// Whether the trace is on.
    public private(set) var isOn = false
    /// Where each event goes, as it happens.
    public var report: @MainActor (TraceEvent) -> Void = { _ in }
    /// The inputs of the screens the view shows now, through which they send their ViewModels'
    /// inputs; read when the trace starts and when the stack changes.
    public var tracedInputs: @MainActor () -> [any InputTracing] = { [] }

    let coordinator: ApplicationCoordinator
    private let sessions: SessionStore
    private let serviceRequests: ServiceRequestTrace
    private let cacheWrites: CacheWriteTrace
    private var sessionObservation: OutputObservation?
    private var started = ContinuousClock.now
    /// The ViewModels on the stack when it was last traced, with their routes.
    private var tracedStack: [TracedScreen] = []

    /// A trace of `application`'s stack, session, requests and cache writes; set ``report`` and
    /// ``tracedInputs`` before it starts.
    public init(application: AgoraApplication) {
        coordinator = application.coordinator
        sessions = application.sessions
        serviceRequests = application.serviceRequests
        cacheWrites = application.cacheWrites
    }

    /// Starts reporting, from now: what the stack's ViewModels and screens send, the stack's
    /// changes, the session's, the requests and the cache writes.
    public func start() {
        guard !isOn else { return }
        started = .now
        isOn = true
        followStack()
        tracedStack = coordinator.stack.value.map(TracedScreen.init)
        followSession()
        // A request is reported where it ended: on the main actor (the requester's, a mock
        // answering there) it is reported at once; on the service's thread it is queued on the
        // main actor before the requester's own continuation. Either way it comes before the
        // outputs it causes.
        serviceRequests.observe { [weak self] record in
            Task.immediate { @MainActor in self?.traceRequest(record) }
        }
        // A write returns once its observers were handed the change, so its event follows the
        // outputs it caused; it says what reached the cache and how long that took.
        cacheWrites.observe { [weak self] record in
            Task.immediate { @MainActor in self?.traceCacheWrite(record) }
        }
        trace(.trace, nil, "on")
    }

    /// The stack changed; the view calls this before the new top screen appears, so a
    /// ViewModel new on the stack is followed before its first output, and the hop is reported
    /// before what follows it.
    public func stackChanged() {
        guard isOn else { return }
        let stack = coordinator.stack.value
        let screens = stack.map(TracedScreen.init)
        guard screens != tracedStack else { return }
        let hop = navigationHop(from: tracedStack, to: stack)
        tracedStack = screens
        followStack()
        trace(.navigate, nil, hop)
        let routes = stack.map { "\($0.route.path) (\(ArchitectureSnapshot.typeName($0.viewModel)))" }
        trace(.stack, nil, routes.isEmpty ? "(empty)" : routes.joined(separator: " > "))
    }

    /// Stops reporting.
    public func stop() {
        guard isOn else { return }
        trace(.trace, nil, "off")
        isOn = false
        serviceRequests.observe(nil)
        cacheWrites.observe(nil)
        sessionObservation?.cancel()
        sessionObservation = nil
        for presentation in coordinator.stack.value { ViewModelInspection.stopTracing(presentation.viewModel) }
        for inputs in tracedInputs() { inputs.tracer = nil }
    }

    /// Follows what each ViewModel on the stack sends, and each input its screen sends it, while
    /// the trace is on (one popped before the trace stops keeps its tracer, which then says
    /// nothing).
    private func followStack() {
        for presentation in coordinator.stack.value {
            ViewModelInspection.trace(presentation.viewModel) { [weak self] label, summary, isSignal in
                guard let self, isOn else { return }
                trace(isSignal ? .signal : .output, label, summary)
            }
        }
        for inputs in tracedInputs() {
            let viewModel = inputs.viewModelName
            inputs.tracer = { [weak self] input, arguments in
                guard let self, isOn else { return }
                trace(.input, "\(viewModel).\(input)", arguments.joined(separator: ", "))
            }
        }
    }

    /// Follows each login and logout; the session when the trace starts is not a change.
    private func followSession() {
        sessionObservation?.cancel()
        var current = sessions.user
        sessionObservation = sessions.session.observe { [weak self] session in
            guard let self, isOn, session?.user != current else { return }
            current = session?.user
            trace(.session, nil, session.map { "logged in as \($0.user.name)" } ?? "logged out")
        }
    }

    private func traceRequest(_ record: ServiceRequestTrace.Record) {
        guard isOn else { return }
        let outcome =
            switch record.outcome {
            case .success(let summary): summary
            case .failure(let error): "failed: \(error)"
            }
        report(
            TraceEvent(
                atMs: elapsed, kind: .request, subject: record.endpoint, value: outcome, mode: record.mode == .live ? "live" : "mock",
                durationMs: Self.milliseconds(record.duration)))
    }

    private func traceCacheWrite(_ record: CacheWriteTrace.Record) {
        guard isOn else { return }
        report(TraceEvent(atMs: elapsed, kind: .cache, subject: record.cache, value: record.write, durationMs: Self.milliseconds(record.duration)))
    }

    private func trace(_ kind: TraceEvent.Kind, _ subject: String?, _ value: String) {
        report(TraceEvent(atMs: elapsed, kind: kind, subject: subject, value: value))
    }

    /// Milliseconds since the trace started.
    private var elapsed: Double { Self.milliseconds(ContinuousClock.now - started) }

    /// `duration` in milliseconds.
    public nonisolated static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}
