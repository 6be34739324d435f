import AgoraChildProcess
import AgoraHTTPServing
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

/// A connection whose first request is a stream is written from the event loop: handling it
/// ends at once, so no task waits on it while it stays open. Any other connection is answered
/// by Hummingbird's responder for as long as it lasts.
@Suite("HTTP/1 channel: a connection that is a stream from its first request holds no task")
struct HTTP1ClosingChannelStreamTests {
    static let logger = Logger(label: "test")

    /// The last stream's writer, held weakly: whether anything still holds it.
    final class LastWriter: Sendable {
        private struct Weak {
            weak var writer: EventStreamWriter?
        }
        private let box = Mutex(Weak())

        var writer: EventStreamWriter? {
            get { box.withLock { $0.writer } }
            set { box.withLock { $0.writer = newValue } }
        }
    }

    /// A channel whose `/stream` is a stream that says `hello`, then `: beat` every
    /// `keepAlive` when given (and whose other paths a responder answers with `answered`).
    static func channel(keepAlive: Duration? = nil, last: LastWriter = LastWriter()) -> HTTP1ClosingChannel {
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
                if let keepAlive { stream.keepAlive(every: keepAlive, writing: ": beat\n\n") }
                last.writer = stream
                return Response(status: .ok, headers: [.contentType: "text/event-stream"])
            })
    }

    /// Everything `channel` wrote until `text` came; `nil` when it did not within a hang.
    static func written(_ channel: NIOAsyncTestingChannel, until text: String) async throws -> String? {
        var written = ""
        let deadline = ContinuousClock.now + Hang.bound
        while !written.contains(text), ContinuousClock.now < deadline {
            if let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
                written += String(buffer: buffer)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return written.contains(text) ? written : nil
    }

    /// Everything `channel` wrote that was not read yet: all it wrote in a turn of its testing
    /// loop that has returned.
    static func writtenSoFar(_ channel: NIOAsyncTestingChannel) async throws -> String {
        var written = ""
        while let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
            written += String(buffer: buffer)
        }
        return written
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
                try? await Task.sleep(for: Hang.bound)
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
        "given a stream kept alive every 10 s, when 10 s pass, then it was written once; when 20 more pass, then three times; when its client goes, then nothing holds its writer"
    )
    func aStreamIsKeptAliveUntilItEnds() async throws {
        let last = LastWriter()
        let setup = Self.channel(keepAlive: .seconds(10), last: last)
        let (channel, value) = try await Self.connection(setup, receiving: "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await setup.handle(value: value, logger: Self.logger)
        let opening = try #require(try await Self.written(channel, until: "data: hello"), "the stream's event")
        #expect(!opening.contains(": beat"), "no beat before any time passed")
        await channel.testingEventLoop.advanceTime(by: .seconds(10))
        let first = try await Self.writtenSoFar(channel)
        await channel.testingEventLoop.advanceTime(by: .seconds(20))
        let next = try await Self.writtenSoFar(channel)
        #expect([first, next].map { $0.components(separatedBy: ": beat\n\n").count - 1 } == [1, 2], "one beat every 10 s")
        _ = try? await channel.close()
        await channel.testingEventLoop.advanceTime(by: .seconds(30))
        #expect(last.writer == nil, "the stream's writer outlived its connection")
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
