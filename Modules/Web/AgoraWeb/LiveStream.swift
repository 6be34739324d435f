import AgoraArchitecture
import Hummingbird
import ServiceLifecycle

/// One `/_live` stream: `event: changed` each time the page it follows changes, and a comment
/// every ``heartbeat`` so a reader that went away is noticed by the write that fails.
///
/// A stream ends when its reader goes (a write fails), when its session ends, when a newer
/// stream of the same session or address takes its place (``WebSessions`` holds a few of each;
/// it then says `event: replaced`, and the page's script does not reconnect), or when the
/// server shuts down gracefully; whichever comes first releases the page observations it held.
/// Nothing else notices a reader that closed its end: between changes the server does not
/// write, and a socket the peer closed stays open (CLOSE-WAIT) until a write finds it closed.
@MainActor
final class LiveStream {
    /// What the stream writes next.
    enum Event: Sendable {
        case changed
        case heartbeat
        /// A newer stream took this one's place: the last event.
        case replaced
    }

    private var observations: [OutputObservation] = []
    private let continuation: AsyncStream<Event>.Continuation
    private let events: AsyncStream<Event>
    /// Changes are announced only once the observations are made: an output tells a new
    /// observer its current value at once, which the page the browser holds shows already.
    private var isOpen = false

    init() {
        // Two pending events say all there is to say: the page changed, and maybe a heartbeat
        // (or that the stream was replaced, after which nothing follows).
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(2))
    }

    /// Follows the page through `observe`, which calls its closure whenever the page may have
    /// changed and returns the observations that keep it doing so.
    func follow(_ observe: (@escaping @MainActor () -> Void) -> [OutputObservation]) {
        let continuation = continuation
        observations = observe { [weak self] in
            if self?.isOpen == true { continuation.yield(.changed) }
        }
        isOpen = true
    }

    /// Ends the stream: its observations are cancelled and its response ends, after saying it
    /// was `replaced` when a newer stream takes its place.
    func end(replaced: Bool = false) {
        for observation in observations { observation.cancel() }
        observations = []
        if replaced { continuation.yield(.replaced) }
        continuation.finish()
    }

    /// Calls `ended` once the stream ended, for whatever reason.
    func onEnd(_ ended: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in ended() }
    }

    /// The response's body: `opening`, then `changed` for each change and a comment every
    /// `heartbeat`, until the stream ends (with `event: replaced` when a newer one took its place).
    nonisolated func body(opening: String, changed: String, heartbeat: Duration) -> ResponseBody {
        let events = events
        let continuation = continuation
        return ResponseBody { writer in
            await withGracefulShutdownHandler {
                await withDiscardingTaskGroup { group in
                    group.addTask {
                        while (try? await Task.sleep(for: heartbeat)) != nil {
                            if case .terminated = continuation.yield(.heartbeat) { return }
                        }
                    }
                    do {
                        try await writer.write(ByteBuffer(string: opening))
                        for await event in events {
                            switch event {
                            case .changed: try await writer.write(ByteBuffer(string: changed))
                            case .heartbeat: try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                            case .replaced: try await writer.write(ByteBuffer(string: "event: replaced\ndata: \n\n"))
                            }
                        }
                    } catch {
                        // The reader went away: the write found the connection closed.
                    }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            continuation.finish()
            try await writer.finish(nil)
        }
    }
}
