import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import Synchronization
import Testing

/// The live client's request log: one `debug` line per request — method, path, status, time —
/// and never a token, a password or a server's cursor.
@Suite("Live client request log")
struct RequestLogTests {
    /// A log handler that keeps what it is given, at every level.
    final class RecordingLogHandler: LogHandler, Sendable {
        private let recorded = Mutex<[(Logger.Level, String)]>([])
        var lines: [(level: Logger.Level, message: String)] { recorded.withLock { $0.map { ($0.0, $0.1) } } }

        var logLevel: Logger.Level {
            get { .trace }
            set {}
        }
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { nil }
            set {}
        }

        func log(event: LogEvent) {
            recorded.withLock { $0.append((event.level, event.message.description)) }
        }
    }

    @Test(
        "given a logger, when events are read, an RSVP is sent with a token and a login is refused, then one debug line each with method, path and status, and no token, password or cursor"
    )
    func oneLinePerRequestWithoutSecrets() async throws {
        let handler = RecordingLogHandler()
        let transport = ScriptedTransport { request in
            if request.method == .post {
                var refused = HTTPResponse(status: .unauthorized)
                refused.headerFields[.contentType] = "application/json"
                return (refused, HTTPBody(#"{"code":"invalidCredentials","message":"Wrong email or password."}"#))
            }
            var ok = HTTPResponse(status: .ok)
            ok.headerFields[.contentType] = "application/json"
            return (ok, HTTPBody(#"{"items":[]}"#))
        }
        let service = LiveService(
            baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport, logger: Logger(label: "test") { _ in handler }
        )

        _ = try await service.fetchEvents(EventsRequest(cursor: "e.1796083200.20"))
        _ = try? await service.rsvp(eventID: 1, going: true, token: AccessToken("secret-token-123"))
        _ = try? await service.login(LoginCredentials(email: "alice@agora.example", password: "hunter2-password"))

        let lines = handler.lines
        #expect(lines.map(\.level) == [.debug, .debug, .debug])
        #expect(lines.count == 3 && lines[0].message.hasPrefix("GET /v1/events 200 ") && lines[0].message.hasSuffix(" ms"), "\(lines)")
        #expect(lines.count == 3 && lines[1].message.hasPrefix("PUT /v1/events/1/rsvp 200 "), "\(lines)")
        #expect(lines.count == 3 && lines[2].message.hasPrefix("POST /v1/sessions 401 "), "\(lines)")
        let text = lines.map(\.message).joined(separator: "\n")
        for secret in ["secret-token-123", "hunter2-password", "e.1796083200.20", "Bearer"] {
            #expect(!text.contains(secret), "the log holds \(secret)")
        }
    }
}
