import AgoraChildProcess
import AgoraContract
import AgoraPostgres
import AgoraPostgresTesting
import AgoraServer
import Foundation
import Testing

/// `GET /v1/events/{id}/changes`: what other members do to an event, as it happens, over real
/// HTTP on 127.0.0.1.
@Suite("Event changes: a stream of what happens to an event, resumable, bounded, ended with its client")
struct EventChangesTests {
    @Test(
        "given a stream following event 2, when a member posts a comment, deletes it and another answers whether they go, then the stream says each, in order, with growing ids, and the event's counts after each",
        arguments: StoreKind.all)
    func followsWhatHappens(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let stream = try EventStream(port: server.running.port, eventID: 2)
            #expect(await stream.block(containing: ": following event 2") != nil)
            let alice = try await server.login(Demo.alice)
            let frank = try await server.login(Demo.frank)

            let counted = { (block: String?) in
                try block.flatMap(EventStream.data(of:)).map { try JSONDecoder.api.decode(Components.Schemas.Event.self, from: $0) }
            }
            let before = try await server.client.get("/v1/events/2", token: frank).decode(Components.Schemas.Event.self)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"Seen live?"}"#, token: alice)
                .decode(Components.Schemas.Comment.self)
            let comment = await stream.block(containing: "event: comment\n")
            #expect(try counted(await stream.block(containing: "event: event"))?.commentCount == before.commentCount + 1, "one comment more")
            #expect(try await server.client.send("DELETE", "/v1/comments/\(posted.id)", token: alice).status == 204)
            let deletion = await stream.block(containing: "event: comment-deleted")
            #expect(try counted(await stream.block(containing: "event: event"))?.commentCount == before.commentCount, "one comment less")
            // Whatever frank answered before, the other answer changes the count.
            let going = try await server.client.send("PUT", "/v1/events/2/rsvp", body: #"{"going":\#(!before.isGoing)}"#, token: frank)
                .decode(Components.Schemas.Event.self)
            let event = await stream.block(containing: "event: event")

            let commentData = try #require(comment.flatMap(EventStream.data(of:)))
            #expect(try JSONDecoder.api.decode(Components.Schemas.Comment.self, from: commentData) == posted)
            #expect(deletion.flatMap(EventStream.data(of:)).map { String(decoding: $0, as: UTF8.self) } == #"{"id":\#(posted.id)}"#)
            let eventData = try #require(event.flatMap(EventStream.data(of:)))
            let seen = try JSONDecoder.api.decode(Components.Schemas.Event.self, from: eventData)
            #expect(seen.attendeeCount == going.attendeeCount)
            #expect(seen.isGoing == false, "the event as a stranger sees it")
            let ids = [comment, deletion, event].compactMap { $0.flatMap(EventStream.id(of:)) }
            #expect(ids.count == 3 && ids == ids.sorted() && Set(ids).count == 3, "\(ids)")
        }
    }

    @Test(
        "given a stream that received a comment and closed, when it reconnects with Last-Event-ID after two more were posted, then it gets those two, in order, and not the first",
        arguments: StoreKind.all)
    func aReconnectedStreamGetsWhatItMissed(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let first = try EventStream(port: server.running.port, eventID: 3)
            #expect(await first.block(containing: ": following event 3") != nil)
            _ = try await server.client.post("/v1/events/3/comments", #"{"body":"First"}"#, token: alice)
            let lastID = try #require(await first.block(containing: "First").flatMap(EventStream.id(of:)))
            first.close()
            _ = try await server.client.post("/v1/events/3/comments", #"{"body":"Second"}"#, token: alice)
            _ = try await server.client.post("/v1/events/3/comments", #"{"body":"Third"}"#, token: alice)

            let again = try EventStream(port: server.running.port, eventID: 3, lastEventID: "\(lastID)")
            var bodies: [String] = []
            for _ in 0..<2 {
                guard let block = await again.block(containing: "event: comment\n"), let data = EventStream.data(of: block) else { break }
                bodies.append(try JSONDecoder.api.decode(Components.Schemas.Comment.self, from: data).body)
            }

            #expect(bodies == ["Second", "Third"])
        }
    }

    @Test("given a Last-Event-ID that is not digits, or an event that does not exist, then 400 and 404 in one line, and no stream")
    func refusals() async throws {
        try await TestServer.with { server in
            let notDigits = try await RawConnection.exchange(
                port: server.running.port, "GET /v1/events/2/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 12abc\r\n")
            let noEvent = try await RawConnection.exchange(port: server.running.port, "GET /v1/events/999/changes HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let json = try await RawConnection.exchange(
                port: server.running.port, "GET /v1/events/2/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n")

            #expect(notDigits.hasPrefix("HTTP/1.1 400"), "\(notDigits.prefix(300))")
            #expect(notDigits.contains("Last-Event-ID"))
            #expect(noEvent.hasPrefix("HTTP/1.1 404"), "\(noEvent.prefix(300))")
            #expect(json.hasPrefix("HTTP/1.1 406"), "a client that takes only JSON is refused: \(json.prefix(300))")
        }
    }

    @Test(
        "given one address with 8 streams, when it opens a ninth, then its oldest says it was replaced and ends; streams whose client went end within heartbeats, and /metrics counts what is open"
    )
    func streamsAreBoundedAndEndWithTheirClient() async throws {
        try await TestServer.with({ $0.changeStreamHeartbeat = .milliseconds(200) }) { server in
            var streams: [EventStream] = []
            for _ in 0..<8 {
                let stream = try EventStream(port: server.running.port, eventID: 4, from: "127.0.0.3")
                #expect(await stream.block(containing: ": following event 4") != nil)
                streams.append(stream)
            }
            let other = try EventStream(port: server.running.port, eventID: 4, from: "127.0.0.4")
            #expect(await other.block(containing: ": following event 4") != nil)
            let ninth = try EventStream(port: server.running.port, eventID: 4, from: "127.0.0.3")
            #expect(await ninth.block(containing: ": following event 4") != nil)

            #expect(await streams[0].block(containing: "event: replaced") != nil)
            #expect(await streams[0].isClosed())
            #expect(try await Self.openStreams(server) == 9)

            for stream in streams { stream.close() }
            ninth.close()
            var open = -1
            for _ in 0..<100 where open != 1 {
                open = try await Self.openStreams(server)
                if open != 1 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(open == 1, "only the other address's stream is left")
            #expect(await other.block(containing: ": heartbeat") != nil, "a quiet stream says it is alive")
        }
    }

    @Test("given a stream open on agora-server, when SIGTERM comes, then the stream ends and the server exits 0 promptly")
    func aStopEndsTheStreams() async throws {
        let process = try ChildProcess(built: "agora-server", ["--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error"])
        let line = try await process.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "\(line)")
        let stream = try EventStream(port: port, eventID: 2)
        #expect(await stream.block(containing: ": following event 2") != nil)

        process.send(SIGTERM)

        #expect(await stream.isClosed())
        #expect(try await process.exitStatus() == 0)
    }

    @Test(
        "given two servers on one PostgreSQL database, when a comment is posted through one, then a stream on the other has it",
        .enabled(if: StoreKind.all.contains(.postgres)), .timeLimit(.minutes(10)))
    func changesCrossServers() async throws {
        let url = try await PostgresTestCluster.shared.makeDatabase()
        let arguments = [
            "--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error", "--database-url", url.description + "?sslmode=disable",
        ]
        let one = try ChildProcess(built: "agora-server", arguments)
        let oneLine = try await one.firstLine()
        let other = try ChildProcess(built: "agora-server", arguments)
        let otherLine = try await other.firstLine()
        let port = { (line: String) in line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) } }
        let onePort = try #require(port(oneLine), "\(oneLine)")
        let otherPort = try #require(port(otherLine), "\(otherLine)")
        let stream = try EventStream(port: otherPort, eventID: 5)
        #expect(await stream.block(containing: ": following event 5") != nil)

        let client = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(onePort)")))
        let login = try await client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        let token = try login.decode(Components.Schemas.Session.self).token
        _ = try await client.post("/v1/events/5/comments", #"{"body":"Through the other server"}"#, token: token)

        #expect(await stream.block(containing: "Through the other server") != nil)
        for process in [one, other] { process.send(SIGTERM) }
        for process in [one, other] { _ = try await process.exitStatus() }
    }

    @Test(
        "given two servers on one PostgreSQL database that ask for changes only once an hour unless told, when a comment is posted through one, then a stream on the other has it at once: PostgreSQL announced it; once the stream closes, the listening connection closes too",
        .enabled(if: StoreKind.all.contains(.postgres)), .timeLimit(.minutes(10)))
    func postgresAnnouncesChanges() async throws {
        let url = try await PostgresTestCluster.shared.makeDatabase()
        let adjust: (inout AgoraServerConfiguration) -> Void = {
            $0.database = .postgres(url)
            $0.changeStreamCheckInterval = .seconds(3_600)
            $0.changeStreamHeartbeat = .milliseconds(200)  // a closed stream is found at once
        }
        try await TestServer.with(adjust) { one in
            try await TestServer.with(adjust) { other in
                let stream = try EventStream(port: other.running.port, eventID: 6)
                #expect(await stream.block(containing: ": following event 6") != nil)
                let token = try await one.login(Demo.alice)

                _ = try await one.client.post("/v1/events/6/comments", #"{"body":"Announced"}"#, token: token)

                // Within the hang bound, far under the hour the reader would otherwise wait.
                #expect(await stream.block(containing: "Announced") != nil)

                // With no stream left, the reader stops and its listening connection closes.
                stream.close()
                var listening = -1
                for _ in 0..<100 where listening != 0 {
                    listening = try await Self.listeningConnections(url)
                    if listening != 0 { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(listening == 0, "a listening connection is left open")
            }
        }
    }

    @Test(
        "given two servers on a PostgreSQL of their own that read changes only when PostgreSQL announces them, and a stream on one, when PostgreSQL restarts and a comment is posted through the other at once, then the stream has it, and a later one after it: the listener came back by itself and read what was announced while nobody listened",
        .enabled(if: StoreKind.all.contains(.postgres)), .timeLimit(.minutes(10)))
    func listenersComeBackAfterARestart() async throws {
        // A cluster of this test's own: stopping the shared one would fail the tests running beside it.
        let cluster = PostgresTestCluster()
        defer { Task { await cluster.delete() } }
        let url = try await cluster.makeDatabase()
        // Rounds an hour apart, heartbeats included: a change reaches the stream only when the
        // listener rings, so one announced while it was away arrives only if the listener,
        // once back, reads the table.
        let adjust: (inout AgoraServerConfiguration) -> Void = {
            // The database's deadline stays the hang bound: a login or post that waits its turn
            // on a busy machine is no outage.
            $0.database = .postgres(url)
            $0.changeStreamCheckInterval = .seconds(3_600)
            $0.changeStreamHeartbeat = .seconds(3_600)
        }
        try await TestServer.with(adjust) { one in
            try await TestServer.with(adjust) { other in
                let token = try await one.login(Demo.alice)
                let stream = try EventStream(port: other.running.port, eventID: 6)
                #expect(await stream.block(containing: ": following event 6") != nil)

                try await cluster.pause(immediately: true)
                try await cluster.resume()
                // The first post the database takes after it is back, before the other server
                // listens again (it tries once a second).
                var status = 0
                for _ in 0..<40 where status != 201 {
                    status = (try? await one.client.post("/v1/events/6/comments", #"{"body":"While nobody listened"}"#, token: token).status) ?? 0
                    if status != 201 { try await Task.sleep(for: .milliseconds(100)) }
                }
                try #require(status == 201, "the database did not take a post after it started again")

                #expect(await stream.block(containing: "While nobody listened") != nil)
                _ = try await one.client.post("/v1/events/6/comments", #"{"body":"Announced again"}"#, token: token)
                #expect(await stream.block(containing: "Announced again") != nil, "after the first, in order")
            }
        }
    }

    @Test(
        "given a stream whose client stops reading, when more changes come than the stream may hold for it, then the server ends the stream rather than hold them all, and the client that resumes from the last id it read gets every change after it, once, in order"
    )
    func slowReaderIsCutOffAndResumes() async throws {
        try await TestServer.with({
            $0.changeStreamBacklog = 50
            $0.commentPosting = CommentPostingLimit(burst: 100_000, perMinute: 1_000_000)
        }) { server in
            let token = try await server.login(Demo.alice)
            let stream = try EventStream(port: server.running.port, eventID: 7, receiveBuffer: 4_096)
            #expect(await stream.block(containing: ": following event 7") != nil)

            // The client reads no more: the sockets' buffers fill (about 1.5 MB on loopback),
            // then NIO's, then the 100 changes the stream may hold. Long comments of four-byte
            // scalars (the contract counts scalars, the stream sends UTF-8) fill them in a
            // quarter of the posts ASCII would take.
            let padding = String(repeating: "𝕩", count: 1_900)
            var posted: [String] = []
            while try await Self.openStreams(server) == 1, posted.count < 5_000 {
                let body = "Unread \(posted.count) \(padding)"
                try #require(try await server.client.post("/v1/events/7/comments", #"{"body":"\#(body)"}"#, token: token).status == 201)
                posted.append(body)
            }
            try #require(try await Self.openStreams(server) == 0, "the stream was held through \(posted.count) changes its client did not read")
            for number in 0..<3 {
                let body = "After \(number)"
                _ = try await server.client.post("/v1/events/7/comments", #"{"body":"\#(body)"}"#, token: token)
                posted.append(body)
            }

            let read = try #require(await stream.comments(untilEndOr: nil), "the cut stream's response did not end")
            #expect(!read.isEmpty && read.count < posted.count, "read \(read.count) of \(posted.count)")
            let lastID = try #require(read.last?.id)
            let resumed = try EventStream(port: server.running.port, eventID: 7, lastEventID: String(lastID))
            let rest = try #require(await resumed.comments(untilEndOr: posted.last), "the resumed stream did not bring the last comment")

            #expect((read + rest).map(\.body) == posted, "every comment once, in order")
        }
    }

    /// How many connections to the database at `url` listen for notifications, or last did.
    private static func listeningConnections(_ url: PostgresURL) async throws -> Int {
        let query = try ChildProcess(
            URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
            [
                url.description + "?sslmode=disable", "-X", "-q", "-t", "-A", "-c",
                "SELECT count(*) FROM pg_stat_activity WHERE (query LIKE 'LISTEN%' OR query LIKE 'UNLISTEN%') AND datname = current_database()",
            ])
        _ = try await query.exitStatus()
        return Int(query.printed().stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The streams `/metrics` says are open.
    static func openStreams(_ server: TestServer) async throws -> Int {
        let text = try await server.client.get("/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix("agora_changes_open_streams ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? -1
    }
}

/// A client of a stream of changes (`GET /v1/events/{id}/changes`, `GET /v1/me/changes`) on a
/// connection of its own, reading the stream's events (blocks ending in a blank line) as they come.
final class EventStream {
    private let connection: RawConnection
    private var unread = ""
    /// Bytes received after the last line break: a UTF-8 sequence may be split between two
    /// receives, and is decoded once it is whole (a line break never falls inside one).
    private var partialLine: [UInt8] = []

    /// Follows event `eventID`'s changes; as a proxy for `forwardedFor` when one is given.
    convenience init(
        port: Int, eventID: Int, lastEventID: String? = nil, from source: String? = nil, forwardedFor: String? = nil, receiveBuffer: Int32? = nil
    ) throws {
        try self.init(
            port: port, path: "/v1/events/\(eventID)/changes", lastEventID: lastEventID, from: source, forwardedFor: forwardedFor,
            receiveBuffer: receiveBuffer)
    }

    /// Follows the stream at `path`, as the holder of `token` when one is given.
    init(
        port: Int, path: String, token: String? = nil, lastEventID: String? = nil, from source: String? = nil, forwardedFor: String? = nil,
        receiveBuffer: Int32? = nil
    ) throws {
        connection = try RawConnection(port: port, from: source, receiveBuffer: receiveBuffer)
        let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        let forwarded = forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? ""
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(authorization)\(resume)\(forwarded)\r\n")
    }

    /// Adds what was received to ``unread`` up to its last line break.
    private func take(_ bytes: some Sequence<UInt8>) {
        partialLine.append(contentsOf: bytes)
        guard let lastBreak = partialLine.lastIndex(of: UInt8(ascii: "\n")) else { return }
        unread += String(decoding: partialLine[...lastBreak], as: UTF8.self)
        partialLine.removeSubrange(...lastBreak)
    }

    /// The next block that holds `text`, skipping those before it; `nil` when the stream ended
    /// (or a hang passed) first.
    func block(containing text: String) async -> String? {
        while true {
            while let end = unread.range(of: "\n\n") {
                let block = String(unread[..<end.upperBound])
                unread.removeSubrange(..<end.upperBound)
                if block.contains(text) { return block }
            }
            guard let bytes = await connection.receive() else { return nil }
            take(bytes)
        }
    }

    /// The comments the stream sent until its response ended (its last chunk) or `body` came,
    /// each with its change's id, in order, since the last call; `nil` when neither came
    /// within a hang.
    func comments(untilEndOr body: String? = nil) async -> [(id: Int64, body: String)]? {
        var comments: [(id: Int64, body: String)] = []
        while true {
            // Each complete block once, as it comes: a slow reader's backlog is thousands.
            while let end = unread.range(of: "\n\n") {
                let block = unread[..<end.upperBound]
                if let match = block.firstMatch(of: /id: (\d+)\r?\nevent: comment\r?\ndata: (\{[^\r\n]*\})/),
                    let comment = try? JSONDecoder.api.decode(Components.Schemas.Comment.self, from: Data(match.output.2.utf8))
                {
                    comments.append((Int64(match.output.1) ?? 0, comment.body))
                }
                unread.removeSubrange(..<end.upperBound)
            }
            // The response's last chunk, after the last block; a chunk's size line never ends in
            // a lone 0 after a line break otherwise.
            if unread.contains("\r\n0\r\n\r\n") || (body != nil && comments.last?.body == body) { return comments }
            guard let bytes = await connection.receive() else { return nil }
            take(bytes)
        }
    }

    /// Whether the response ended (its last chunk came) within a hang, whatever came before it.
    func responseEnds() async -> Bool {
        while !unread.contains("\r\n0\r\n\r\n") {
            guard let bytes = await connection.receive() else { return false }
            take(bytes)
        }
        return true
    }

    /// Whether the server ended the stream.
    func isClosed() async -> Bool {
        await connection.isClosed()
    }

    /// Closes the connection, as a client that goes away.
    func close() {
        connection.shutDown()
    }

    /// The `data:` of a block. (Lines split at any line break: the chunked framing around
    /// the block ends in CR LF, which Swift counts as one character.)
    static func data(of block: String) -> Data? {
        block.split(whereSeparator: \.isNewline).first { $0.hasPrefix("data: ") }.map { Data($0.dropFirst("data: ".count).utf8) }
    }

    /// The `id:` of a block.
    static func id(of block: String) -> Int64? {
        block.split(whereSeparator: \.isNewline).first { $0.hasPrefix("id: ") }.flatMap { Int64($0.dropFirst("id: ".count)) }
    }
}

extension JSONDecoder {
    /// Decodes the API's JSON: ISO 8601 times.
    static var api: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
