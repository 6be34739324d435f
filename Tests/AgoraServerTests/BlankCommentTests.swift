import AgoraContract
import Foundation
import Testing

/// A comment must show something, and its line breaks are stored as `\n` however they came.
@Suite("Comments: blank-looking bodies are refused, CRLF and CR are stored as LF")
struct BlankCommentTests {
    @Test(
        "given a body that only looks blank, then 400 'A comment needs some text.' naming body, and nothing stored",
        arguments: ["\u{3164}", "\u{2800}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{200B}\u{200D}\u{FEFF}", "\u{3164} \u{2800}\n\u{180E}", "\u{00A0}\u{3000}"]
    )
    func blankLooking(body: String) async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let json = String(decoding: try JSONEncoder().encode(["body": body]), as: UTF8.self)

            let response = try await server.client.post("/v1/events/2/comments", json, token: alice)

            #expect(response.status == 400, "\(body.unicodeScalars.map(\.codePoint))")
            #expect(try response.error.field == "body")
            #expect(try response.error.message == "A comment needs some text.")
        }
    }

    @Test("given a visible character among blank-looking ones, then the comment is stored as sent", arguments: StoreKind.all)
    func visibleAmongBlank(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)

            let response = try await server.client.post("/v1/events/2/comments", #"{"body":"\u3164ok\u2800"}"#, token: alice)

            #expect(response.status == 201)
            #expect(try response.decode(Components.Schemas.Comment.self).body == "\u{3164}ok\u{2800}")
        }
    }

    @Test("given a body with CRLF and lone CR line breaks, then 201 and it is stored with LF only", arguments: StoreKind.all)
    func lineBreaksNormalised(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)

            let response = try await server.client.post("/v1/events/2/comments", #"{"body":"one\r\ntwo\rthree\nfour"}"#, token: alice)

            #expect(response.status == 201, "\(response.text)")
            #expect(try response.decode(Components.Schemas.Comment.self).body == "one\ntwo\nthree\nfour")
            let listed = try await server.client.get("/v1/events/2/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            #expect(listed.items.first?.body == "one\ntwo\nthree\nfour")
        }
    }
}
