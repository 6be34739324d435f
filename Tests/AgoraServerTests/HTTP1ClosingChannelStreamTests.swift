import AgoraHTTPServing
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// A connection whose first request is a stream is written from the event loop: handling it
/// ends at once, so no task waits on it while it stays open. Any other connection is answered
/// by Hummingbird's responder for as long as it lasts.
@Suite("HTTP/1 channel: a connection that is a stream from its first request holds no task")
struct HTTP1ClosingChannelStreamTests {
    static let logger = Logger(label: "test")

    /// A channel whose `/stream` is a stream that says `hello` (and whose other paths a
    /// responder answers with `answered`).
    static func channel() -> HTTP1ClosingChannel {
        HTTP1ClosingChannel(
            base: HTTP1Channel { _, writer, _ in
                try await writer.write(
                    response: HTTPResponse(status: .ok, headerFields: [.contentLength: "8"]), body: ResponseBody(byteBuffer: ByteBuffer(string: "answered")))
            },
            eventStreams: EventStreamRoutes(maximumPendingWrites: 8) {
                $0.path == "/stream"
            } respond: { _, _ in
                guard let stream = EventStreamWriter.current else { return Response(status: .internalServerError) }
                stream.claim()
                stream.write("data: hello\n\n")
                return Response(status: .ok, headers: [.contentType: "text/event-stream"])
            })
    }

    /// Everything `channel` wrote until `text` came; `nil` when it did not within a hang.
    static func written(_ channel: NIOAsyncTestingChannel, until text: String) async throws -> String? {
        var written = ""
        let deadline = ContinuousClock.now + .seconds(10)
        while !written.contains(text), ContinuousClock.now < deadline {
            if let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
                written += String(buffer: buffer)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return written.contains(text) ? written : nil
    }

    /// `channel`'s connection, set up and connected, with `request` arrived.
    static func connection(_ setup: HTTP1ClosingChannel, receiving request: String) async throws -> (NIOAsyncTestingChannel, HTTP1ClosingChannel.Value) {
        let channel = NIOAsyncTestingChannel()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).get()
        let value = try await channel.eventLoop.flatSubmit { setup.setup(channel: channel, logger: logger) }.get()
        try await channel.writeInbound(ByteBuffer(string: request))
        return (channel, value)
    }

    @Test(
        "given a connection whose first request is a stream, when it is handled, then handling ends at once, and the stream is written on the open connection")
    func aStreamHoldsNoTask() async throws {
        let setup = Self.channel()
        let (channel, value) = try await Self.connection(setup, receiving: "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let handling = Task { await setup.handle(value: value, logger: Self.logger) }
        let handled = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await handling.value
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        #expect(handled, "handling a stream's connection went on")
        let written = try #require(try await Self.written(channel, until: "data: hello"), "the stream's event")
        #expect(written.hasPrefix("HTTP/1.1 200 OK"))
        #expect(written.lowercased().contains("content-type: text/event-stream"))
        #expect(channel.isActive, "the stream stays open")
        _ = try? await channel.close()
    }

    @Test(
        "given a connection whose first request is not a stream, when it is handled, then the responder answers it, and handling ends when the connection closes"
    )
    func otherRequestsGoToTheResponder() async throws {
        let setup = Self.channel()
        let (channel, value) = try await Self.connection(setup, receiving: "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let handling = Task { await setup.handle(value: value, logger: Self.logger) }
        let written = try #require(try await Self.written(channel, until: "answered"), "the responder's answer")
        #expect(written.hasPrefix("HTTP/1.1 200 OK"))
        #expect(channel.isActive)
        _ = try? await channel.close()
        await handling.value
        #expect(!channel.isActive)
    }
}
