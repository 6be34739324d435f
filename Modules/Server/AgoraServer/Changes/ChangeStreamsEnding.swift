import ServiceLifecycle

/// Ends every stream of changes at a graceful stop (SIGTERM): a stream is a request that never
/// ends by itself, and would hold the server's wait for the requests in flight for ever. It
/// runs after the server in the service group, so a stop reaches it first.
struct ChangeStreamsEnding: Service {
    let feed: ChangeFeed
    /// Whether a stream asked for after the stop is ended at once too (a process that exits), or
    /// the feed serves again when the server starts again (a server a test stops and restarts).
    var refusesLaterStreams = true

    func run() async throws {
        // Returns at a graceful stop; throws when the group is cancelled, whose streams end with
        // their connections.
        try? await gracefulShutdown()
        await feed.endAll(refusingLater: refusesLaterStreams)
    }
}
