import AgoraAPI
import AgoraChildProcess
import AgoraLive
import AgoraModels
import AgoraServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The live client reuses an answer the server says is unchanged: it sends the `ETag` it kept
/// as `If-None-Match`, and a 304 gives back the kept page without a body to download or decode.
@Suite("Live service: conditional reads with ETag and If-None-Match")
struct ConditionalReadsTests {
    static let page = #"{"items":[],"nextCursor":"c-2"}"#

    @Test("given a page answered with an ETag, when it is read again, then the request names the tag and a 304 gives back the same page")
    func notModifiedReusesThePage() async throws {
        let transport = ScriptedTransport { request in
            // The runtime percent-encodes header parameters: the quotes travel as %22.
            if request.headerFields[.ifNoneMatch]?.removingPercentEncoding == "\"tag-1\"" {
                return (HTTPResponse(status: .notModified, headerFields: [.eTag: "\"tag-1\""]), nil)
            }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/json"
            response.headerFields[.eTag] = "\"tag-1\""
            return (response, HTTPBody(Self.page))
        }
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)

        let first = try await service.fetchComments(CommentsRequest(eventID: 3))
        let second = try await service.fetchComments(CommentsRequest(eventID: 3))
        let otherEvent = try await service.fetchComments(CommentsRequest(eventID: 4))

        #expect(second == first)
        #expect(first.nextCursor == "c-2")
        let tags = transport.requests.map { $0.headerFields[.ifNoneMatch]?.removingPercentEncoding }
        #expect(tags == [nil, "\"tag-1\"", nil])
        #expect(otherEvent == first)
    }

    @Test("given a 304 to a read that named no tag, then undecodable: the server broke the protocol")
    func unexpectedNotModified() async {
        let transport = ScriptedTransport { _ in (HTTPResponse(status: .notModified), nil) }
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)

        await #expect(throws: ServiceError.undecodable("304 Not Modified to a request that named no answer")) {
            try await service.fetchEvents(EventsRequest())
        }
    }

    @Test("given a real agora-server, when events are read twice and then after a write, then the data stays right each time")
    func againstTheServer() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let service = LiveService(baseURL: server.baseURL, timeout: Hang.bound)
        do {
            try await Self.readWriteRead(service)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func readWriteRead(_ service: LiveService) async throws {
        let first = try await service.fetchComments(CommentsRequest(eventID: 2, limit: 5))
        let unchanged = try await service.fetchComments(CommentsRequest(eventID: 2, limit: 5))
        guard case .loggedIn(let session) = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")) else {
            throw ServiceError.invalidCredentials
        }
        let posted = try await service.postComment(CommentDraft(eventID: 2, body: "news"), token: session.token)
        let changed = try await service.fetchComments(CommentsRequest(eventID: 2, limit: 5))

        #expect(unchanged == first)
        #expect(changed.items.first == posted)
        #expect(changed != first)
    }
}
