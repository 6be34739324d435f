import AgoraAPI
import AgoraChildProcess
import AgoraLive
import Foundation
import Testing

/// The reply cap holds on the bytes the client holds, never on bytes a decoder would make of
/// them: the client asks for no content coding, and refuses a compressed reply from its head,
/// before it reads a byte of the body that would expand. `Scripts/decoded-size` measures the
/// same against a real 1 GiB gzip bomb.
@Suite("Live service: compressed replies")
struct CompressedReplyTests {
    func service(_ server: LoopbackHTTPServer) throws -> LiveService {
        LiveService(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), timeout: Hang.bound)
    }

    @Test(
        "given a server that answers in a content coding it was not asked for, when events are read, then undecodable for a compressed reply, and the client closes the connection before the body is sent",
        arguments: ["gzip", "deflate", "br", "GZIP", "gzip, identity"]
    )
    func compressedReplyIsRefusedFromItsHead(coding: String) async throws {
        let size = 8 * 1024 * 1024
        let server = try LoopbackHTTPServer { connection in
            connection.readRequest()
            guard connection.write(Reply.head(status: 200, headers: ["Content-Type: application/json", "Content-Encoding: \(coding)"])) else { return }
            // A gzip member's magic, then filler, paced so that the client's decision, not the
            // kernel's buffers, decides how much is written.
            guard connection.write([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]) else { return }
            let chunk = [UInt8](repeating: 0, count: 64 * 1024)
            for _ in 0..<(size / chunk.count) {
                guard connection.write(chunk) else { return }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        defer { server.stop() }

        await #expect(throws: ServiceError.undecodable("a compressed reply, which agora does not ask for")) {
            try await service(server).fetchEvents(EventsRequest())
        }

        let connection = try #require(server.connections.first)
        #expect(await HostileServerTests.clientClosed(connection), "the client kept the connection open")
        #expect(connection.tallied.bytesWritten < size / 2, "the server wrote \(connection.tallied.bytesWritten) bytes")
        #expect(server.requestHeads.first?.lowercased().contains("accept-encoding") == false)
    }

    @Test("given a server that names the identity coding, when events are read, then the page is read")
    func identityIsRead() async throws {
        let server = try LoopbackHTTPServer { connection in
            connection.readRequest()
            let body = #"{"items":[\#(Reply.event(id: 7))]}"#
            connection.write(
                Reply.head(status: 200, headers: ["Content-Type: application/json", "Content-Encoding: identity", "Content-Length: \(body.utf8.count)"])
                    + body
            )
        }
        defer { server.stop() }

        let page = try await service(server).fetchEvents(EventsRequest())
        #expect(page.items.map(\.id) == [7])
    }
}
