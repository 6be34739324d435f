import Foundation
import Synchronization

/// The connections of one followed stream of server-sent events, one after another, for as long
/// as its changes are iterated: a connection that drops is made again with `Last-Event-ID`, so
/// nothing the server keeps is missed. Each is read on the process's stream loop
/// (``CurlStreamLoop``), the waits between them are tasks' sleeps: following holds no thread.
/// What live mode's followers (``LiveEventChanges``, ``LiveMemberChanges``) share; each says how
/// its stream's events read as its changes.
final class ServerSentFollowing<Change: Sendable>: Sendable {
    let url: String
    /// Header lines sent on every connection, besides `Accept` and `Last-Event-ID`.
    let headerLines: [String]
    let idleTimeout: Duration
    let retryDelay: Duration
    /// Whether a stream opened from now first tells ``missedSome``, for what changed before it
    /// was open.
    let tellsWhatCameBefore: Bool
    /// The events after which following ends: asking again would change nothing.
    let finalEvents: Set<String>
    let missedSome: Change
    let change: @Sendable (ServerSentEvent) -> Change?
    let continuation: AsyncStream<Change>.Continuation

    private struct State {
        /// The connection open now, or the wait before the next.
        var current: CurlEventStream?
        var retry: Task<Void, Never>?
        var isStopped = false
        /// The id of the last event, which a new connection resumes from.
        var lastID: String?
        /// The next wait before connecting again.
        var delay: Duration
        /// Whether the connection open now delivered an event, and a final one.
        var heard = false
        var ended = false
        /// Whether a change was dropped for a follower that fell behind.
        var overflowed = false
    }

    private let state: Mutex<State>

    /// The most bytes one event may take: a comment of 2,000 characters is under 10 KiB.
    static var maxEventBytes: Int { 256 * 1024 }

    /// Follows `url` into `continuation` until its iteration ends or following cannot go on.
    ///
    /// - Parameters:
    ///   - origin: on whose behalf the stream is opened (a proxied visitor), if anyone's.
    ///   - idleTimeout: how long a stream may be quiet before its connection is taken for dead.
    ///   - retryDelay: the first wait before connecting again after a failure.
    ///   - tellsWhatCameBefore: whether a stream opened from now first tells `missedSome`.
    ///   - finalEvents: the events after which following ends.
    ///   - change: the change an event tells, or `nil` for one this client does not know.
    static func start(
        url: String, headerLines: [String] = [], origin: RequestOrigin?, idleTimeout: Duration, retryDelay: Duration,
        tellsWhatCameBefore: Bool, finalEvents: Set<String>, missedSome: Change, change: @escaping @Sendable (ServerSentEvent) -> Change?,
        into continuation: AsyncStream<Change>.Continuation
    ) {
        var lines = headerLines
        if let address = origin?.forwardedAddress { lines.append("X-Forwarded-For: \(address)") }
        let following = ServerSentFollowing(
            url: url, headerLines: lines, idleTimeout: idleTimeout, retryDelay: retryDelay, tellsWhatCameBefore: tellsWhatCameBefore,
            finalEvents: finalEvents, missedSome: missedSome, change: change, continuation: continuation)
        continuation.onTermination = { _ in following.stop() }
        following.connect()
    }

    private init(
        url: String, headerLines: [String], idleTimeout: Duration, retryDelay: Duration, tellsWhatCameBefore: Bool, finalEvents: Set<String>,
        missedSome: Change, change: @escaping @Sendable (ServerSentEvent) -> Change?, continuation: AsyncStream<Change>.Continuation
    ) {
        self.url = url
        self.headerLines = headerLines
        self.idleTimeout = idleTimeout
        self.retryDelay = retryDelay
        self.tellsWhatCameBefore = tellsWhatCameBefore
        self.finalEvents = finalEvents
        self.missedSome = missedSome
        self.change = change
        self.continuation = continuation
        state = Mutex(State(delay: retryDelay))
    }

    /// Ends following: the connection open now is let go of, and none is made again.
    func stop() {
        let (current, retry) = state.withLock { state in
            state.isStopped = true
            return (state.current, state.retry)
        }
        retry?.cancel()
        current?.stop()
    }

    /// Opens the next connection, resuming from the last event heard.
    private func connect() {
        let (lastID, opened) = state.withLock { state in (state.lastID, !state.isStopped) }
        guard opened else { return continuation.finish() }
        var headers = ["Accept: text/event-stream"] + headerLines
        if let lastID { headers.append("Last-Event-ID: \(lastID)") }
        let stream = CurlEventStream(
            url: url, headerLines: headers, connectTimeout: .seconds(10), idleTimeout: idleTimeout, maxEventBytes: Self.maxEventBytes)
        guard
            state.withLock({ state in
                state.current = stream
                state.retry = nil
                state.heard = false
                state.ended = false
                return !state.isStopped
            })
        else { return continuation.finish() }
        // A stream opened with no `Last-Event-ID` starts at this moment: what changed since
        // the screen loaded its page, before the stream was open, would never be told. The
        // follower loads again instead, which finds nothing new when nothing changed.
        let toldBefore = tellsWhatCameBefore && lastID == nil
        stream.start { [continuation, missedSome] in
            if toldBefore { continuation.yield(missedSome) }
        } onEvent: { [self] event in
            take(event)
        } onEnd: { [self] ending in
            connectAgain(after: ending)
        }
    }

    /// Hands on the change `event` tells, on the stream loop's thread.
    private func take(_ event: ServerSentEvent) {
        let overflowed = state.withLock { state in
            state.heard = true
            if finalEvents.contains(event.name) { state.ended = true }
            if let id = event.id { state.lastID = id }
            return state.overflowed
        }
        guard let change = change(event) else { return }
        // A follower that fell behind is told to load again, as soon as there is room.
        var stillOverflowed = overflowed
        if overflowed, case .enqueued = continuation.yield(missedSome) { stillOverflowed = false }
        if case .dropped = continuation.yield(change) { stillOverflowed = true }
        if stillOverflowed != overflowed { state.withLock { $0.overflowed = stillOverflowed } }
    }

    /// After a connection ended: connects again after a wait, unless stopped, refused or told a
    /// final event.
    private func connectAgain(after ending: CurlEventStream.Ending) {
        let wait: Duration? = state.withLock { state in
            state.current = nil
            switch ending {
            case .stopped: return nil
            case _ where state.ended: return nil
            // The stream is gone, or the server will not give it: asking again changes nothing.
            case .refused(let status) where (400..<500).contains(status) && status != 429: return nil
            case .unreadable, .dropped, .refused: break
            }
            guard !state.isStopped else { return nil }
            // A stream that was open ended: most often its server stopping, which ends its
            // streams first and still accepts connections for a moment. The first wait is
            // longer then, and each wait is spread over half as much again, so the followers of
            // a server that stops do not all come back at once, nor while it is going.
            if state.heard { state.delay = retryDelay * 4 }
            let wait = state.delay * Double.random(in: 1...1.5)
            state.delay = min(state.delay * 2, .seconds(30))
            state.retry = Task { [self] in
                try? await Task.sleep(for: wait)
                guard !Task.isCancelled else { return continuation.finish() }
                connect()
            }
            return wait
        }
        if wait == nil { continuation.finish() }
    }
}

extension ServerSentEvent {
    /// The event's `data:` read as JSON the API writes (ISO 8601 times); `nil` when it is not.
    func decodedData<Value: Decodable>(as type: Value.Type) -> Value? {
        try? ServerSentJSON.decoder.decode(type, from: Data(data.utf8))
    }
}

/// How the API's JSON in events' data is read.
private enum ServerSentJSON {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
