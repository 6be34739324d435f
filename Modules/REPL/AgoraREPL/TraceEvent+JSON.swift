import AgoraApp
import AgoraTerminalUI
import Foundation

extension TraceEvent {
    /// The event as one JSON object (`--format json`), its texts made safe for a terminal as a
    /// text line's are.
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
