import AgoraHTTPServing

/// Where the events of one stream of ``ChangeFeed`` go: the connection's writer
/// (``EventStreamWriter``), or a stream a response's body reads.
protocol ChangeSink: Sendable {
    /// Sends one event, after every one before it; a client too slow to take it ends the stream.
    func send(_ text: String)
    /// Sends `text` every `interval` until the stream ends, each stream at moments of its own.
    func keepAlive(every interval: Duration, writing text: String)
    /// Ends the stream after what was sent.
    func finish()
    /// Runs `action` once the stream has ended, whoever ended it; at once when it has.
    func onEnd(_ action: @escaping @Sendable () -> Void)
}

extension EventStreamWriter: ChangeSink {
    func send(_ text: String) {
        write(text)
    }
}

extension AsyncStream<String>.Continuation: ChangeSink {
    func send(_ text: String) {
        // Full: the client reads too slowly; it resumes from the last event it read.
        if case .dropped = yield(text) { finish() }
    }

    func onEnd(_ action: @escaping @Sendable () -> Void) {
        onTermination = { _ in action() }
    }

    func keepAlive(every interval: Duration, writing text: String) {
        // A task of its own, as the response's body already holds one: this stream is one that
        // Hummingbird writes (see EventStreamHandler), not one of the many idle ones.
        Task {
            while (try? await Task.sleep(for: interval)) != nil {
                guard case .enqueued = yield(text) else {
                    finish()
                    return
                }
            }
        }
    }
}
