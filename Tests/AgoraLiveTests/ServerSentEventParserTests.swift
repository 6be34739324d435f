import Testing

@testable import AgoraLive

@Suite("Reading a stream of server-sent events")
struct ServerSentEventParserTests {
    @Test("given events cut at every byte, with CR, LF and CRLF line ends, comments and a field without a space, then the same events come out")
    func piecesAndLineEnds() throws {
        let text = ": heartbeat\n\nid: 7\nevent: comment\ndata: {\"a\":1}\r\n\r\nevent:event\rdata: x\rdata: y\r\rdata: no name\n\n"
        var whole = ServerSentEventParser(maxEventBytes: 1_000)
        var byByte = ServerSentEventParser(maxEventBytes: 1_000)
        let expected = [
            ServerSentEvent(name: "comment", data: #"{"a":1}"#, id: "7"),
            ServerSentEvent(name: "event", data: "x\ny", id: "7"),
            ServerSentEvent(name: "message", data: "no name", id: "7"),
        ]

        #expect(try whole.take(Array(text.utf8)) == expected)
        #expect(try Array(text.utf8).flatMap { try byByte.take([$0]) } == expected)
    }

    @Test("given an event with no data or one not ended yet, then nothing comes out until its blank line")
    func onlyEndedEventsWithData() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1_000)
        #expect(try parser.take(Array("event: reset\n\ndata: half".utf8)).isEmpty)
        #expect(try parser.take(Array("\n\n".utf8)) == [ServerSentEvent(name: "message", data: "half", id: nil)])
    }

    @Test("given a server that sends more than the limit without ending an event, then the reader refuses it; an event within it passes")
    func boundedEvents() throws {
        var parser = ServerSentEventParser(maxEventBytes: 16)
        #expect(try parser.take(Array("data: 0123456789\n\n".utf8)).count == 1)
        #expect(throws: ServerSentEventParser.TooLong.self) { try parser.take(Array("data: 0123456789ABC".utf8)) }
    }
}
