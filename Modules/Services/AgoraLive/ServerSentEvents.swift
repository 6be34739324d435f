/// One server-sent event: its `event:` name, its `data:` lines joined, and its `id:` if it had one.
struct ServerSentEvent: Sendable, Equatable {
    var name: String
    var data: String
    var id: String?
}

/// Reads a `text/event-stream` body as it arrives, piece by piece, into events (the WHATWG HTML
/// standard's "event stream interpretation"): lines end at CR, LF or CRLF; `:` starts a comment
/// (a heartbeat); a blank line ends an event; an event with no `data:` is dropped.
///
/// It holds at most `maxEventBytes` of an event not yet ended: a server that sends a longer one
/// (or a line without end) is refused, so a stream's memory stays bounded however long it runs.
struct ServerSentEventParser {
    /// The most bytes an event may take before its blank line.
    let maxEventBytes: Int
    private var line: [UInt8] = []
    private var name = ""
    private var data: [String] = []
    private var id: String?
    private var held = 0
    /// A CR ended the last line: an LF right after it belongs to that line end.
    private var afterCR = false

    init(maxEventBytes: Int) {
        self.maxEventBytes = maxEventBytes
    }

    /// The server sent more than ``maxEventBytes`` without ending an event.
    struct TooLong: Error {}

    /// Takes the next piece of the body and returns the events it completed.
    mutating func take(_ bytes: some Sequence<UInt8>) throws(TooLong) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                afterCR = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                held += 1
                guard held <= maxEventBytes else { throw TooLong() }
                line.append(byte)
            }
        }
        return events
    }

    /// Reads the line held; an empty one ends the event.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var value = colon < line.endIndex ? line[(colon + 1)...] : []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let text = String(decoding: value, as: UTF8.self)
        switch field {
        case "event": name = text
        case "data": data.append(text)
        // An id with NUL is ignored, as the standard says.
        case "id" where !text.contains("\0"): id = text
        default: break
        }
        return nil
    }

    /// The event the lines so far make, if it has data; the id stays for the events after it.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            name = ""
            data = []
            held = 0
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"), id: id)
    }
}
