import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// A response whose media-type headers the OpenAPI runtime would trap on is refused with a
/// one-line ``ServiceError`` before the runtime reads it, over any transport.
@Suite("Live service: response headers checked before the runtime parses them")
struct ResponseHeaderGuardTests {
    let token = AccessToken("token-1")

    /// A service whose every answer is `status` with a page body and `fields`.
    func service(status: Int = 200, _ fields: [(HTTPField.Name, String)]) throws -> LiveService {
        let transport = ScriptedTransport { _ in
            var response = HTTPResponse(status: .init(code: status))
            for (name, value) in fields { response.headerFields.append(HTTPField(name: name, value: value)) }
            return (response, HTTPBody(#"{"items":[]}"#))
        }
        return LiveService(baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: transport)
    }

    @Test(
        "given the Content-Type that ended agora (chArset and charset), when events are read, then a one-line undecodable naming Content-Type instead of a crash"
    )
    func repeatedCharsetInAnyCase() async throws {
        let live = try service([(.contentType, "application/json; chArset=utf-8; charset=utf-8")])
        let error = await #expect(throws: ServiceError.self) { try await live.fetchEvents(EventsRequest()) }
        #expect(error == .undecodable("its Content-Type header: parameter 'charset' is given more than once; give each parameter once"))
        let line = error?.description ?? ""
        #expect(!line.contains { $0.isNewline })
        #expect(line.contains("Content-Type"))
    }

    @Test(
        "given media-type headers the runtime cannot take safely, on a success or an error status, when a request is made, then undecodable naming the header",
        arguments: [
            ("Content-Type", [(HTTPField.Name.contentType, "application/json; CHARSET=utf-8; Charset=utf-8")]),
            ("Content-Type", [(.contentType, "application/json; charset=utf-8; charset=utf-8")]),
            // Two fields of one name are read joined with a comma, which one media type cannot hold.
            ("Content-Type", [(.contentType, "application/json; charset=utf-8"), (.contentType, "application/json; Charset=utf-8")]),
            ("Content-Type", [(.contentType, "application/json; charset")]),
            // Spaces the runtime trims and the grammar does not allow.
            ("Content-Type", [(.contentType, "application/json; charset=utf-8;\u{A0}Charset=utf-8")]),
            ("Content-Type", [(.contentType, "application/json; charset=utf-8;\u{85}Charset=utf-8")]),
            ("Content-Type", [(.contentType, "application/json; charset=utf-8;\u{3000}Charset=utf-8")]),
            ("Accept", [(.contentType, "application/json"), (.accept, "application/json; q=1; Q=0.5")]),
            ("Content-Disposition", [(.contentType, "application/json"), (.contentDisposition, "inline; name=a; NAME=b")]),
        ] as [(String, [(HTTPField.Name, String)])]
    )
    func refusedHeaders(header: String, fields: [(HTTPField.Name, String)]) async throws {
        for status in [200, 400] {
            let error = await #expect(throws: ServiceError.self) {
                try await service(status: status, fields).rsvp(eventID: 1, going: true, token: token)
            }
            guard case .undecodable(let detail) = error else {
                Issue.record("expected undecodable, got \(String(describing: error))")
                continue
            }
            #expect(detail.hasPrefix("its \(header) header: "), "\(detail)")
        }
    }

    @Test("given a plain Content-Type with one charset, when events are read, then the page")
    func plainHeaderPasses() async throws {
        let page = try await service([(.contentType, "application/json; charset=utf-8")]).fetchEvents(EventsRequest())
        #expect(page.items.isEmpty)
    }
}
