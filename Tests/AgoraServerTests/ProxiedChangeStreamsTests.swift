import AgoraServer
import Testing

/// The streams a trusted proxy opens: agora-web shares one stream of an event among all its
/// visitors who follow it, so its own streams are many, and bounded by agora-web; those it opens
/// for a visitor count among that visitor's.
@Suite("Change streams through a trusted proxy: its own are not bounded per address, a visitor's are")
struct ProxiedChangeStreamsTests {
    /// The proxy's address, which the server trusts.
    static let proxy = "127.0.0.5"

    @Test(
        "given a server that trusts a proxy, when the proxy opens ten streams of its own, then none is replaced and a comment reaches all ten; when it opens nine for one visitor, then that visitor's oldest is replaced"
    )
    func aProxysOwnStreamsAreNotBoundedPerAddress() async throws {
        try await TestServer.with({ $0.trustedProxies = [Self.proxy] }) { server in
            var own: [EventStream] = []
            for eventID in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] {
                let stream = try EventStream(port: server.running.port, eventID: eventID, from: Self.proxy)
                #expect(await stream.block(containing: ": following event \(eventID)") != nil)
                own.append(stream)
            }
            var visitors: [EventStream] = []
            for _ in 0..<9 {
                let stream = try EventStream(port: server.running.port, eventID: 2, from: Self.proxy, forwardedFor: "203.0.113.7")
                #expect(await stream.block(containing: ": following event 2") != nil)
                visitors.append(stream)
            }

            #expect(await visitors[0].block(containing: "event: replaced") != nil, "a visitor holds 8, through the proxy too")
            #expect(try await EventChangesTests.openStreams(server) == 18)
            let alice = try await server.login(Demo.alice)
            _ = try await server.client.post("/v1/events/2/comments", #"{"body":"For the proxy's first stream"}"#, token: alice)
            #expect(await own[0].block(containing: "For the proxy's first stream") != nil, "the proxy's oldest stream is still open")
        }
    }
}
