import AgoraHTTPServing

/// Where the events of one stream of ``ChangeFeed`` go: the connection's writer
/// (``EventStreamWriter``), or a stream a response's body reads.
protocol ChangeSink: Sendable {
    /// Sends one event, after every one before it; a client too slow to take it ends the stream.
    func send(_ text: String)
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
}
