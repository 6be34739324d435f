import Foundation
import Synchronization

/// The connections of one followed stream of server-sent events, one after another, on a thread
/// of its own (libcurl's easy interface blocks), for as long as its changes are iterated: a
/// connection that drops is made again with `Last-Event-ID`, so nothing the server keeps is
/// missed. What live mode's followers (``LiveEventChanges``, ``LiveMemberChanges``) share; each
/// says how its stream's events read as its changes.
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
    /// The stream open now, and whether following was stopped; a wait between connections
    /// sleeps on the condition, so stopping wakes it.
    private let state = Mutex<(current: CurlEventStream?, isStopped: Bool)>((nil, false))
    private let wake = NSCondition()

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
        Thread.detachNewThread { following.run() }
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
    }

    func stop() {
        let current = state.withLock { state in
            state.isStopped = true
            return state.current
        }
        current?.stop()
        wake.lock()
        wake.broadcast()
        wake.unlock()
    }

    /// Connects, reads, and connects again after a drop, until stopped, refused or told a final event.
    func run() {
        var lastID: String?
        var delay = retryDelay
        var overflowed = false
        defer { continuation.finish() }
        while true {
            var headers = ["Accept: text/event-stream"] + headerLines
            if let lastID { headers.append("Last-Event-ID: \(lastID)") }
            let stream = CurlEventStream(
                url: url, headerLines: headers, connectTimeout: .seconds(10), idleTimeout: idleTimeout, maxEventBytes: Self.maxEventBytes)
            guard
                state.withLock({ state in
                    state.current = stream
                    return !state.isStopped
                })
            else { return }
            var heard = false
            var ended = false
            // A stream opened with no `Last-Event-ID` starts at this moment: what changed since
            // the screen loaded its page, before the stream was open, would never be told. The
            // follower loads again instead, which finds nothing new when nothing changed.
            let toldBefore = tellsWhatCameBefore && lastID == nil
            let ending = stream.run {
                if toldBefore { continuation.yield(missedSome) }
            } onEvent: { event in
                heard = true
                if finalEvents.contains(event.name) { ended = true }
                if let id = event.id { lastID = id }
                guard let change = change(event) else { return }
                // A follower that fell behind is told to load again, as soon as there is room.
                if overflowed, case .enqueued = continuation.yield(missedSome) { overflowed = false }
                if case .dropped = continuation.yield(change) { overflowed = true }
            }
            switch ending {
            case .stopped: return
            case _ where ended: return
            // The stream is gone, or the server will not give it: asking again changes nothing.
            case .refused(let status) where (400..<500).contains(status) && status != 429: return
            case .unreadable, .dropped, .refused: break
            }
            // A stream that was open ended: most often its server stopping, which ends its
            // streams first and still accepts connections for a moment. The first wait is
            // longer then, and each wait is spread over half as much again, so the followers of
            // a server that stops do not all come back at once, nor while it is going.
            if heard { delay = retryDelay * 4 }
            guard sleep(for: delay * Double.random(in: 1...1.5)) else { return }
            delay = min(delay * 2, .seconds(30))
        }
    }

    /// Waits `duration`, or less when stopped; `false` when stopped.
    private func sleep(for duration: Duration) -> Bool {
        let until = Date(timeIntervalSinceNow: duration.timeInterval)
        wake.lock()
        defer { wake.unlock() }
        while !state.withLock({ $0.isStopped }) {
            if !wake.wait(until: until) { break }
        }
        return !state.withLock { $0.isStopped }
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
