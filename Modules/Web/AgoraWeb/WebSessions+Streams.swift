/// The live streams (`/_live`) of every session: a few per session and per address, the oldest
/// ended first.
extension WebSessions {
    /// How many live streams are open, in all sessions.
    public var liveStreamCount: Int { compositions.values.reduce(0) { $0 + $1.liveStreams.count } }

    /// Keeps `stream` in `session`; past the streams a session or its address may hold, the
    /// oldest of them ends (its page is told a newer one replaced it), so a visitor who opens
    /// streams without end holds a few connections, never every one.
    func keep(_ stream: LiveStream, in session: WebSession) {
        nextStreamNumber += 1
        session.keep(stream, number: nextStreamNumber)
        while session.liveStreams.count > maximumStreamsPerSession { session.endOldestStream() }
        let neighbours = compositions.values.filter { $0.address == session.address }
        var count = neighbours.reduce(0) { $0 + $1.liveStreams.count }
        while count > maximumStreamsPerAddress,
            let oldest = neighbours.min(by: { ($0.oldestStreamNumber ?? .max) < ($1.oldestStreamNumber ?? .max) })
        {
            oldest.endOldestStream()
            count -= 1
        }
    }
}
