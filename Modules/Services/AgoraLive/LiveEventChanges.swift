import AgoraAPI
import AgoraContract
import AgoraModels
import Foundation
import Synchronization

/// Live mode's ``EventChangesFollowing``: agora-server's stream of an event's changes
/// (`GET /v1/events/{id}/changes`, server-sent events), opened again with `Last-Event-ID`
/// whenever it drops, so no change is missed while the server keeps it.
///
/// Each followed event holds one connection, read on a thread of its own (libcurl's easy
/// interface blocks) for as long as the stream is iterated. The server says when changes were
/// missed (`event: reset`), which arrives as ``EventChange/missedSome``; so does a follower too
/// slow to take what arrives, rather than the stream holding an unbounded backlog, and a stream
/// opened from now (with nothing to resume from), for what changed before it was open.
public struct LiveEventChanges: EventChangesFollowing {
    /// The most changes held for a follower that has not taken them yet.
    static let buffered = 1_000
    /// The most bytes one change may take: a comment of 2,000 characters is under 10 KiB.
    static let maxEventBytes = 256 * 1024

    let baseURL: URL
    let origin: RequestOrigin?
    /// How long a connection may be quiet before it is taken for dead: the server sends a
    /// heartbeat every 15 s.
    let idleTimeout: Duration
    /// How long to wait after the first failure before connecting again (four times as long
    /// after a stream that was open ends); it doubles after each failure, up to 30 s, and each
    /// wait is spread over up to half as much again.
    let retryDelay: Duration

    /// - Parameters:
    ///   - baseURL: agora-server's address, e.g. `http://127.0.0.1:8080`.
    ///   - origin: on whose behalf the streams are opened (a proxied visitor), if anyone's.
    ///   - idleTimeout: how long a stream may be quiet before its connection is taken for dead.
    ///   - retryDelay: the first wait before connecting again after a failure.
    public init(baseURL: URL, origin: RequestOrigin? = nil, idleTimeout: Duration = .seconds(45), retryDelay: Duration = .milliseconds(500)) {
        self.baseURL = baseURL
        self.origin = origin
        self.idleTimeout = idleTimeout
        self.retryDelay = retryDelay
    }

    public func changes(of eventID: Event.ID) -> AsyncStream<EventChange> {
        let (changes, continuation) = AsyncStream.makeStream(of: EventChange.self, bufferingPolicy: .bufferingOldest(Self.buffered))
        let following = EventFollowing(
            url: baseURL.appending(path: "v1/events/\(eventID)/changes").absoluteString, origin: origin,
            idleTimeout: idleTimeout, retryDelay: retryDelay, continuation: continuation)
        continuation.onTermination = { _ in following.stop() }
        Thread.detachNewThread { following.run() }
        return changes
    }
}

/// The connections of one followed event, one after another, on one thread.
private final class EventFollowing: Sendable {
    let url: String
    let origin: RequestOrigin?
    let idleTimeout: Duration
    let retryDelay: Duration
    let continuation: AsyncStream<EventChange>.Continuation
    /// The stream open now, and whether following was stopped; a wait between connections
    /// sleeps on the condition, so stopping wakes it.
    private let state = Mutex<(current: CurlEventStream?, isStopped: Bool)>((nil, false))
    private let wake = NSCondition()

    init(url: String, origin: RequestOrigin?, idleTimeout: Duration, retryDelay: Duration, continuation: AsyncStream<EventChange>.Continuation) {
        self.url = url
        self.origin = origin
        self.idleTimeout = idleTimeout
        self.retryDelay = retryDelay
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

    /// Connects, reads, and connects again after a drop, until stopped or refused.
    func run() {
        var lastID: String?
        var delay = retryDelay
        var overflowed = false
        defer { continuation.finish() }
        while true {
            var headers = ["Accept: text/event-stream"]
            if let lastID { headers.append("Last-Event-ID: \(lastID)") }
            if let address = origin?.forwardedAddress { headers.append("X-Forwarded-For: \(address)") }
            let stream = CurlEventStream(
                url: url, headerLines: headers, connectTimeout: .seconds(10), idleTimeout: idleTimeout,
                maxEventBytes: LiveEventChanges.maxEventBytes)
            guard
                state.withLock({ state in
                    state.current = stream
                    return !state.isStopped
                })
            else { return }
            var heard = false
            var replaced = false
            // A stream opened with no `Last-Event-ID` starts at this moment: what changed since
            // the screen loaded its page, before the stream was open, would never be told. The
            // follower loads again instead, which finds nothing new when nothing changed.
            let resumes = lastID != nil
            let ending = stream.run {
                if !resumes { continuation.yield(.missedSome) }
            } onEvent: { event in
                heard = true
                // This address opened more streams than the server lets it hold, and this one
                // was the oldest: opening it again would only end another.
                if event.name == "replaced" { replaced = true }
                if let id = event.id { lastID = id }
                guard let change = Self.change(of: event) else { return }
                // A follower that fell behind is told to load again, as soon as there is room.
                if overflowed, case .enqueued = continuation.yield(.missedSome) { overflowed = false }
                if case .dropped = continuation.yield(change) { overflowed = true }
            }
            switch ending {
            case .stopped: return
            case _ where replaced: return
            // The event is gone, or the server will not stream it: asking again changes nothing.
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

    /// The change an event of the stream tells, or `nil` for one this client does not know.
    static func change(of event: ServerSentEvent) -> EventChange? {
        let data = Data(event.data.utf8)
        switch event.name {
        case "comment":
            return (try? decoder.decode(Components.Schemas.Comment.self, from: data)).map { .commentPosted(Comment($0)) }
        case "comment-deleted":
            return (try? decoder.decode(DeletedComment.self, from: data)).map { .commentDeleted($0.id) }
        case "event":
            return (try? decoder.decode(Components.Schemas.Event.self, from: data)).map { .eventChanged(Event($0)) }
        case "reset":
            return .missedSome
        default:
            return nil
        }
    }

    private struct DeletedComment: Decodable {
        let id: Comment.ID
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
