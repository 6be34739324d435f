import AgoraContract
import Foundation

/// The streams of changes in this process, fed by one reader of the store's changes: those that
/// follow an event (`GET /v1/events/{id}/changes`) and those that follow a member's own view
/// (`GET /v1/me/changes`: their answers, their feed), which end with their session.
///
/// While anyone follows, the reader asks the store for the changes after the last it saw every
/// ``interval``, or, with a store that announces them (``ChangeNotifying``: PostgreSQL's
/// LISTEN/NOTIFY), as each is announced, each time the listening connection is made again and
/// every ``notifiedInterval`` besides. The store is every server's, so a change made through
/// another server is read as one made here. Each change is read once, written as a server-sent
/// event (``ChangeEvents``) and handed to the streams of its topic (``ChangeTopic``). A stream
/// that resumes (`Last-Event-ID`) first gets the changes of its topic since, from the store.
///
/// A stream is no more than its entry here and its sink (``ChangeSink``): the connection's
/// writer, which writes from the event loop (``EventStreamWriter``), so no task waits for a
/// stream, and which writes the stream's heartbeat by itself, at moments of its own. Ten
/// thousand idle streams cost little more than their connections, and their heartbeats come one
/// at a time, never in a burst that other requests wait behind.
actor ChangeFeed {
    private let store: any ServerStore
    /// How each change is written for the streams.
    private let events: ChangeEvents
    /// The time a session's expiry is compared with.
    private let now: @Sendable () -> Date
    /// How often the reader asks a store that does not announce changes, while anyone follows.
    let interval: Duration
    /// How often the reader asks a store that announces changes, besides when it does.
    let notifiedInterval: Duration
    /// How often a stream is written a comment line (`: heartbeat`), so its client, any proxy
    /// between, and the server (whose write fails once the client went) see whether it is still
    /// there.
    let heartbeat: Duration
    /// How many streams one client address holds; a newer one ends its oldest.
    let maximumPerAddress: Int
    private var followers: [Int: ChangeFollower] = [:]
    private var nextNumber = 0
    /// The id of the last change the reader read.
    private var cursor: Int64 = 0
    private var reader: Task<Void, Never>?
    /// Listens for the store's announcements while the reader runs.
    private var listener: Task<Void, Never>?
    private let doorbell = Doorbell()
    private var isEnded = false

    /// How many changes of one event a resuming stream is sent; more, and it is told to load
    /// the event again. A stream holds twice as many waiting for a client that reads slowly
    /// (``maximumPendingEvents``); past that, it ends, and the client resumes from the last it read.
    let backlogLimit: Int
    nonisolated var maximumPendingEvents: Int { backlogLimit * 2 }

    init(
        store: any ServerStore, interval: Duration = .milliseconds(250), notifiedInterval: Duration = .seconds(5), heartbeat: Duration = .seconds(15),
        maximumPerAddress: Int = 8, backlogLimit: Int = 1_000, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.backlogLimit = max(1, backlogLimit)
        self.store = store
        events = ChangeEvents(store: store)
        self.now = now
        self.interval = interval
        self.notifiedInterval = notifiedInterval
        self.heartbeat = heartbeat
        self.maximumPerAddress = max(1, maximumPerAddress)
    }

    /// How many streams are open.
    var count: Int { followers.count }

    /// Starts a stream of `topic`'s changes in `sink`, for a client at `address`: a comment line
    /// that names the topic, the changes after `lastID` when given (or `event: reset` when some
    /// of them are no longer kept), then each as it happens, and a heartbeat every
    /// ``heartbeat``. Past the streams `address` may hold, its oldest ends with `event: replaced`, unless
    /// the stream is not `isBounded`: a trusted proxy's own (agora-web's, each shared by all its
    /// visitors who follow one event), which the proxy bounds. The stream ends when its sink does (the
    /// client went, or read too slowly) or the feed ends it; a member's stream also ends, with
    /// `event: ended`, when its `session` does (it expires, or it is ended).
    func follow(
        _ topic: ChangeTopic, after lastID: Int64?, address: String, isBounded: Bool = true, session: FollowedSession? = nil,
        into sink: some ChangeSink
    ) async throws {
        if isEnded {
            sink.finish()
            return
        }
        try await startReading()
        nextNumber += 1
        let number = nextNumber
        sink.send(": following \(topic)\n\n")
        sink.keepAlive(every: heartbeat, writing: ": heartbeat\n\n")
        sink.onEnd { [weak self] in
            Task { await self?.end(number) }
        }
        if isBounded { makeRoom(for: address) }
        followers[number] = ChangeFollower(
            topic: topic, address: isBounded ? address : nil, session: session, sink: sink, lastSent: lastID ?? cursor)
        if let session {
            doorbell.ring()  // the reader's next wait ends at its expiry
            // Ended between the caller's check and here, its ending may be read already: it is
            // checked once more now that any later ending reaches this stream.
            if await session.hasEnded(in: store) {
                endWithSession(number)
                return
            }
        }
        if let lastID {
            await sendMissed(to: number, of: topic, after: lastID)
        }
        // What came meanwhile, after what was missed.
        if var follower = followers[number] {
            for change in follower.waiting ?? [] where change.id > follower.lastSent {
                send(change.text, id: change.id, to: &follower)
            }
            follower.waiting = nil
            followers[number] = follower
        }
    }

    /// A change was made through this server: the reader reads it now rather than at its next
    /// round, so a store that announces nothing (SQLite) is as quick for this server's streams
    /// as one that does. Changes made through other servers are announced by the store, or read
    /// at the next round.
    nonisolated func changeMade() {
        doorbell.ring()
    }

    /// Ends stream `number`: its client went. After the last, the reader stops (and its
    /// listening connection closes) at once rather than at its next check.
    func end(_ number: Int) {
        followers.removeValue(forKey: number)?.sink.finish()
        if followers.isEmpty { doorbell.ring() }
    }

    /// Ends every stream: the server is stopping. `refusingLater`, any later one too, at once,
    /// and the feed stops reading (the process is going); else a later stream is served again.
    func endAll(refusingLater: Bool = true) {
        for follower in followers.values { follower.sink.finish() }
        followers = [:]
        guard refusingLater else {
            doorbell.ring()
            return
        }
        isEnded = true
        reader?.cancel()
        listener?.cancel()
    }

    /// Starts the reader, from the latest change, when it does not run.
    private func startReading() async throws {
        guard reader == nil else { return }
        let latest = try await store.latestChangeID()
        guard reader == nil else { return }  // another stream started it meanwhile
        cursor = latest
        if let notifying = store as? any ChangeNotifying {
            listener = Task { [doorbell] in
                while !Task.isCancelled {
                    try? await notifying.listenForChanges { doorbell.ring() }
                    // The database is away: listen again in a moment; the reader checks meanwhile.
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
        reader = Task { await read() }
    }

    /// Reads the changes after ``cursor`` and hands them on, every ``interval`` while anyone follows.
    private func read() async {
        while !followers.isEmpty, !Task.isCancelled {
            var failed = false
            do {
                let changes = try await store.changes(after: cursor, limit: 500)
                for change in changes {
                    if change.kind == .sessionEnded, let memberID = change.memberID {
                        await endStreamsOfEndedSessions(of: memberID)
                    } else if followers.values.contains(where: { $0.topic == change.topic }), let text = try await events.text(of: change) {
                        hand(text, id: change.id, to: change.topic)
                    }
                    // Past it only once it was handed on: a failure reads it again next round.
                    cursor = change.id
                }
                if changes.count == 500 { continue }
            } catch {
                // The database is away (or its connections are being made again): the next
                // round, within a second, asks again from the same change, as a ring that came
                // meanwhile may not come again.
                failed = true
            }
            let usual = listener == nil ? interval : notifiedInterval
            let round = failed ? min(usual, .seconds(1)) : usual
            let untilExpiry = endStreamsOfExpiredSessions()
            await doorbell.wait(atMost: min(round, untilExpiry ?? round))
        }
        listener?.cancel()
        listener = nil
        reader = nil
    }

    /// Hands a change of `topic` to its streams: now, or after what a resuming one missed.
    private func hand(_ text: String, id: Int64, to topic: ChangeTopic) {
        for (number, var follower) in followers where follower.topic == topic {
            if follower.waiting != nil {
                follower.waiting?.append((id, text))
            } else if id > follower.lastSent {
                send(text, id: id, to: &follower)
            }
            followers[number] = follower
        }
    }

    /// Sends what `number` missed of `topic` after `lastID`, or `event: reset` when some of it
    /// is no longer kept or it is more than ``backlogLimit``.
    private func sendMissed(to number: Int, of topic: ChangeTopic, after lastID: Int64) async {
        do {
            let backlog = try await store.changes(of: topic, after: lastID, limit: backlogLimit)
            var texts: [(Int64, String)] = []
            if !backlog.missedSome, backlog.changes.count < backlogLimit {
                for change in backlog.changes {
                    if let text = try await events.text(of: change) { texts.append((change.id, text)) }
                }
            } else {
                texts = [(cursor, ChangeEvents.reset(at: cursor))]
            }
            guard var follower = followers[number] else { return }
            for (id, text) in texts { send(text, id: id, to: &follower) }
            followers[number] = follower
        } catch {
            // The database is away: the client is told to load again once it answers.
            guard var follower = followers[number] else { return }
            send(ChangeEvents.reset(at: cursor), id: cursor, to: &follower)
            followers[number] = follower
        }
    }

    /// Sends one event to `follower`; a stream whose client reads too slowly to take it ends,
    /// and resumes from its last id when the client reconnects.
    private func send(_ text: String, id: Int64, to follower: inout ChangeFollower) {
        follower.sink.send(text)
        follower.lastSent = max(follower.lastSent, id)
    }

    /// Ends the streams of member `memberID` whose session the store no longer has: one of the
    /// member's sessions ended (a logout, or a newer login past the account's limit).
    private func endStreamsOfEndedSessions(of memberID: Int64) async {
        for (number, follower) in followers where follower.topic == .member(memberID) {
            guard let session = follower.session, await session.hasEnded(in: store) else { continue }
            endWithSession(number)
        }
    }

    /// Ends the streams whose session has expired; how long until the next one expires, if any
    /// stream has a session.
    private func endStreamsOfExpiredSessions() -> Duration? {
        let now = now()
        var soonest: Duration?
        for (number, follower) in followers {
            guard let expiresAt = follower.session?.expiresAt else { continue }
            let left = expiresAt.timeIntervalSince(now)
            if left <= 0 {
                endWithSession(number)
            } else {
                soonest = min(soonest ?? .seconds(left), .seconds(left))
            }
        }
        return soonest
    }

    /// Ends stream `number` with `event: ended`: its session is over, and a new one (a new login)
    /// is needed to follow again.
    private func endWithSession(_ number: Int) {
        guard let follower = followers.removeValue(forKey: number) else { return }
        follower.sink.send("event: ended\ndata: {}\n\n")
        follower.sink.finish()
    }

    /// Ends the oldest stream of `address` while it holds as many as it may.
    private func makeRoom(for address: String) {
        let ofAddress = followers.filter { $0.value.address == address }.keys.sorted()
        for number in ofAddress.prefix(max(0, ofAddress.count - maximumPerAddress + 1)) {
            let follower = followers.removeValue(forKey: number)
            follower?.sink.send("event: replaced\ndata: {}\n\n")
            follower?.sink.finish()
        }
    }
}
