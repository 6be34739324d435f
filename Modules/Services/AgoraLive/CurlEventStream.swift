import AgoraAPI
import CCurl
import Foundation
import Synchronization

/// One `GET` of a `text/event-stream` with libcurl, read on the process's stream loop
/// (``CurlStreamLoop``) until the server ends it, the connection dies or ``stop()`` is called.
///
/// Unlike a request (``CurlTransfer``) it has no deadline for the whole exchange: a stream stays
/// open. A connection is dead when no byte, not even a heartbeat, arrived for `idleTimeout`;
/// a stream whose server keeps sending is held to `maxEventBytes` per event, so its memory stays
/// bounded however long it runs.
final class CurlEventStream: Sendable {
    /// How a stream ended.
    enum Ending: Sendable, Equatable {
        /// The server ended it, or the connection broke or went quiet: connect again.
        case dropped
        /// The server answered with another status than 200: following cannot go on as asked.
        case refused(status: Int)
        /// The server's answer cannot be read as a stream of events.
        case unreadable
        /// ``stop()`` ended it.
        case stopped
    }

    let url: String
    let headerLines: [String]
    let connectTimeout: Duration
    let idleTimeout: Duration
    let maxEventBytes: Int
    private let stopped = Atomic<Bool>(false)

    init(url: String, headerLines: [String], connectTimeout: Duration, idleTimeout: Duration, maxEventBytes: Int) {
        self.url = url
        self.headerLines = headerLines
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.maxEventBytes = maxEventBytes
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Ends the stream from any thread: the loop lets its connection go at once, and it is never
    /// opened again.
    func stop() {
        stopped.store(true, ordering: .releasing)
        CurlStreamLoop.shared.wake()
    }

    /// Opens the stream on a new handle, on the stream loop. On the loop's thread, `onOpen` is
    /// told once the server answered with an event stream, `onEvent` each event, and `onEnd`,
    /// last, how the stream ended.
    func start(
        onOpen: @escaping @Sendable () -> Void, onEvent: @escaping @Sendable (ServerSentEvent) -> Void,
        onEnd: @escaping @Sendable (Ending) -> Void
    ) {
        guard !isStopped else { return onEnd(.stopped) }
        guard let handle = CurlHandle.make() else { return onEnd(.dropped) }
        let reader = EventStreamReader(stream: self, onOpen: onOpen, onEvent: onEvent)
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in headerLines { headers = curl_slist_append(headers, line) }
        let transfer = CurlStreamTransfer(stream: self, handle: handle, headers: headers, reader: reader, onEnd: onEnd)
        let context = Unmanaged.passUnretained(reader).toOpaque()
        let raw = handle.raw
        var set = CURLE_OK
        func check(_ result: CURLcode) { if set == CURLE_OK { set = result } }
        check(handle.setCommonOptions(url: url, headers: headers))
        check(ccurl_setopt_long(raw, CURLOPT_CONNECTTIMEOUT_MS, max(1, connectTimeout.milliseconds)))
        check(ccurl_setopt_long(raw, CURLOPT_HTTPGET, 1))
        // A stream's connection is not kept for another: one the server ended is closed.
        check(ccurl_setopt_long(raw, CURLOPT_FORBID_REUSE, 1))
        check(ccurl_setopt_data_function(raw, CURLOPT_HEADERFUNCTION, readStreamHeaderLine))
        check(ccurl_setopt_pointer(raw, CURLOPT_HEADERDATA, context))
        check(ccurl_setopt_data_function(raw, CURLOPT_WRITEFUNCTION, readStreamBody))
        check(ccurl_setopt_pointer(raw, CURLOPT_WRITEDATA, context))
        check(ccurl_setopt_long(raw, CURLOPT_NOPROGRESS, 0))
        check(ccurl_setopt_progress_function(raw, stopWhenQuiet))
        check(ccurl_setopt_pointer(raw, CURLOPT_XFERINFODATA, context))
        guard set == CURLE_OK else { return transfer.end(with: set) }
        CurlStreamLoop.shared.add(transfer)
    }
}

/// One stream's handle and what its callbacks need, from its start to its end.
///
/// `@unchecked Sendable` because it holds a libcurl handle, a header list and a reader that are
/// not: it is made on the thread that starts the stream, which hands it to the stream loop
/// through the loop's lock and touches it no more; from then on only the loop's thread uses it.
final class CurlStreamTransfer: @unchecked Sendable {
    let stream: CurlEventStream
    let handle: CurlHandle
    private let headers: UnsafeMutablePointer<curl_slist>?
    private let reader: EventStreamReader
    private let onEnd: @Sendable (CurlEventStream.Ending) -> Void

    fileprivate init(
        stream: CurlEventStream, handle: CurlHandle, headers: UnsafeMutablePointer<curl_slist>?, reader: EventStreamReader,
        onEnd: @escaping @Sendable (CurlEventStream.Ending) -> Void
    ) {
        self.stream = stream
        self.handle = handle
        self.headers = headers
        self.reader = reader
        self.onEnd = onEnd
    }

    deinit {
        curl_slist_free_all(headers)
    }

    /// Whether the stream was asked to stop.
    var isStopped: Bool { stream.isStopped }

    /// Tells how the stream ended, once libcurl let go of its handle with `code`.
    func end(with code: CURLcode) {
        let ending: CurlEventStream.Ending =
            if stream.isStopped {
                .stopped
            } else if let ending = reader.ending {
                ending
            } else {
                code == CURLE_OK && reader.status == nil ? .unreadable : .dropped
            }
        onEnd(ending)
    }
}

/// Reads one event stream as libcurl hands it over, on the stream loop's thread.
final class EventStreamReader {
    let stream: CurlEventStream
    let onOpen: @Sendable () -> Void
    let onEvent: @Sendable (ServerSentEvent) -> Void
    var parser: ServerSentEventParser
    private(set) var status: Int?
    private var isEventStream = false
    /// Why the reader ended the stream, when it did.
    private(set) var ending: CurlEventStream.Ending?
    private var lastByte = ContinuousClock.now

    init(stream: CurlEventStream, onOpen: @escaping @Sendable () -> Void, onEvent: @escaping @Sendable (ServerSentEvent) -> Void) {
        self.stream = stream
        self.onOpen = onOpen
        self.onEvent = onEvent
        parser = ServerSentEventParser(maxEventBytes: stream.maxEventBytes)
    }

    /// Whether the stream should end now: stopped, or quiet for longer than its idle timeout.
    var shouldStop: Bool {
        stream.isStopped || ContinuousClock.now - lastByte > stream.idleTimeout
    }

    func take(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
        guard !stream.isStopped else { return false }
        lastByte = .now
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            let code = line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
            guard let code, (100...999).contains(code) else { return end(.unreadable) }
            status = code
            isEventStream = false
            return true
        }
        if line.isEmpty, let status, status >= 200 {
            if status != 200 { return end(.refused(status: status)) }
            guard isEventStream else { return end(.unreadable) }
            onOpen()
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
        if name == "content-type" { isEventStream = value.hasPrefix("text/event-stream") }
        // Nothing compressed was asked for, and nothing compressed is read.
        if name == "content-encoding", !value.isEmpty, value != "identity" { return end(.unreadable) }
        return true
    }

    func take(body bytes: UnsafeRawBufferPointer) -> Bool {
        guard !stream.isStopped, ending == nil else { return false }
        lastByte = .now
        do {
            for event in try parser.take(bytes) { onEvent(event) }
            return true
        } catch {
            return end(.unreadable)
        }
    }

    private func end(_ ending: CurlEventStream.Ending) -> Bool {
        self.ending = ending
        return false
    }
}

private let readStreamHeaderLine: ccurl_data_fn = { bytes, size, count, context in
    guard let context else { return 0 }
    let reader = Unmanaged<EventStreamReader>.fromOpaque(context).takeUnretainedValue()
    return reader.take(headerLine: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

private let readStreamBody: ccurl_data_fn = { bytes, size, count, context in
    guard let context else { return 0 }
    let reader = Unmanaged<EventStreamReader>.fromOpaque(context).takeUnretainedValue()
    return reader.take(body: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

/// libcurl's progress callback, called at least once a second: ends a stream that was stopped
/// or has gone quiet.
private let stopWhenQuiet: ccurl_progress_fn = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<EventStreamReader>.fromOpaque(context).takeUnretainedValue().shouldStop ? 1 : 0
}
