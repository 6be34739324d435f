import AgoraTerminalUI
import Foundation

/// One thing `trace` reports: a line of text on a terminal, a JSON object with `--format json`.
struct TraceEvent: Encodable {
    /// What happened.
    enum Kind: String, Encodable {
        case trace, input, output, signal, navigate, stack, session, request, cache
    }

    /// Milliseconds since `trace on`.
    let atMs: Double
    let kind: Kind
    /// Whose it is: `EventsListViewModel.rows`, a request's endpoint; `nil` for the stack, a hop and the session.
    var subject: String?
    /// The value, the arguments, the hop, the stack, the session's change or the request's outcome, in one line.
    var value: String
    /// A request's mode (`mock` or `live`).
    var mode: String?
    /// A request's or a cache write's duration in milliseconds.
    var durationMs: Double?

    /// The event as a person reads it: `[trace    12.366 ms] output EventDetailViewModel.isLoading = false`.
    var text: String {
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

    /// The event as one JSON object, its texts made safe for a terminal as a text line's are.
    var json: String {
        var safe = self
        safe.subject = subject.map(TerminalText.line)
        safe.value = TerminalText.line(value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and numbers always encode; a line is never dropped silently.
        let data = (try? encoder.encode(safe)) ?? Data(#"{"error":"the trace event could not be encoded"}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
