import Foundation

/// One thing the explorer's trace reports (``ArchitectureTrace``), whichever view shows it: the
/// REPL writes it as a line of text or a JSON object, agora-web's panel as a line.
public struct TraceEvent: Encodable, Equatable, Sendable {
    /// What happened.
    public enum Kind: String, Encodable, Sendable {
        case trace, input, output, signal, navigate, stack, session, request, cache
    }

    /// Milliseconds since the trace started.
    public let atMs: Double
    public let kind: Kind
    /// Whose it is: `EventsListViewModel.rows`, a request's endpoint; `nil` for the stack, a hop and the session.
    public var subject: String?
    /// The value, the arguments, the hop, the stack, the session's change or the request's outcome, in one line.
    public var value: String
    /// A request's mode (`mock` or `live`).
    public var mode: String?
    /// A request's or a cache write's duration in milliseconds.
    public var durationMs: Double?

    public init(atMs: Double, kind: Kind, subject: String? = nil, value: String, mode: String? = nil, durationMs: Double? = nil) {
        self.atMs = atMs
        self.kind = kind
        self.subject = subject
        self.value = value
        self.mode = mode
        self.durationMs = durationMs
    }

    /// The event as a person reads it: `[trace    12.366 ms] output EventDetailViewModel.isLoading = false`.
    public var text: String {
        let what =
            switch kind {
            case .trace: "tracing \(value)"
            case .input: "input \(subject ?? "")(\(value))"
            case .output: "output \(subject ?? "") = \(value)"
            case .signal: "signal \(subject ?? ""): \(value)"
            case .navigate: "navigate \(value)"
            case .stack: "stack: \(value)"
            case .session: "session: \(value)"
            case .request: "request \(subject ?? "") (\(mode ?? ""), \(String(format: "%.3f ms", durationMs ?? 0))) \(value)"
            case .cache: "cache \(subject ?? ""): \(value) (\(String(format: "%.3f ms", durationMs ?? 0)))"
            }
        return "[trace \(String(format: "%9.3f", atMs)) ms] \(what)"
    }
}
