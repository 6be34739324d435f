import AgoraContract
import Foundation
import Testing

/// Text that would change meaning once stored: a NUL ends text in SQLite and C strings, a control
/// character acts on a reader's terminal, and combining marks made a 60 KB body "2,000
/// characters" when lengths counted grapheme clusters.
@Suite("Security: text fields refuse control characters and count Unicode scalars")
struct TextFieldRulesTests {
    @Test(
        "given a comment body holding a control character other than line break or tab, when posting, then 400 naming body and the character",
        arguments: [
            ("before\u{0}after", "U+0000"), ("title \u{1B}]0;owned\u{07}", "U+001B"), ("vertical\u{0B}tab", "U+000B"),
            ("csi \u{9B}2J", "U+009B"), ("bell \u{07}", "U+0007"), ("del \u{7F}", "U+007F"),
        ]
    )
    func controlCharacterInBody(body: String, codePoint: String) async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let draft = try String(decoding: JSONEncoder().encode(["body": body]), as: UTF8.self)

            let response = try await server.client.post("/v1/events/2/comments", draft, token: alice)

            #expect(response.status == 400)
            let error = try response.error
            #expect(error.field == "body")
            #expect(error.message.contains(codePoint), "\(error.message)")
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2)))
        }
    }

    @Test("given a body with line breaks and tabs, when posting, then it is stored as it was sent")
    func lineBreaksAndTabsPass() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let body = "first line\n\tindented second line"
            let draft = try String(decoding: JSONEncoder().encode(["body": body]), as: UTF8.self)

            let response = try await server.client.post("/v1/events/2/comments", draft, token: alice)

            #expect(response.status == 201)
            #expect(try response.decode(Components.Schemas.Comment.self).body == body)
        }
    }

    @Test("given a NUL in a clientID, when posting, then 400 naming clientID: two ids sharing a prefix are never taken for one")
    func nulInClientID() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let first = try await server.client.post("/v1/events/2/comments", #"{"body":"one","clientID":"shared"}"#, token: alice)
            let second = try await server.client.post(
                "/v1/events/2/comments", #"{"body":"two","clientID":"shared\u0000suffix"}"#, token: alice
            )

            #expect(first.status == 201)
            #expect(second.status == 400)
            #expect(try second.error.field == "clientID")
        }
    }

    @Test("given a body of 1,001 accented letters (1,001 graphemes, 2,002 scalars), when posting, then 400: lengths count Unicode scalars")
    func lengthInScalars() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let atLimit = String(repeating: "a\u{301}", count: 1_000)
            let overLimit = atLimit + "a\u{301}"

            let accepted = try await server.client.post("/v1/events/2/comments", #"{"body":"\#(atLimit)"}"#, token: alice)
            let refused = try await server.client.post("/v1/events/2/comments", #"{"body":"\#(overLimit)"}"#, token: alice)

            #expect(accepted.status == 201)
            #expect(refused.status == 400)
            #expect(try refused.error.field == "body")
            #expect(try refused.error.message.contains("2002"))
        }
    }

    @Test("given a clientID posted before, when it comes back with another body or on another event, then 409 naming clientID and nothing is stored")
    func clientIDReusedForOtherText() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let first = try await server.client.post("/v1/events/2/comments", #"{"body":"original","clientID":"k-1"}"#, token: alice)
            let otherBody = try await server.client.post("/v1/events/2/comments", #"{"body":"different","clientID":"k-1"}"#, token: alice)
            let otherEvent = try await server.client.post("/v1/events/3/comments", #"{"body":"original","clientID":"k-1"}"#, token: alice)
            let retry = try await server.client.post("/v1/events/2/comments", #"{"body":"original","clientID":"k-1"}"#, token: alice)

            #expect(first.status == 201)
            for conflict in [otherBody, otherEvent] {
                #expect(conflict.status == 409)
                #expect(try conflict.error.code == "conflict")
                #expect(try conflict.error.field == "clientID")
            }
            #expect(retry.status == 200)
            let event2 = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            let event3 = try await server.client.get("/v1/events/3").decode(Components.Schemas.Event.self)
            #expect(event2.commentCount == Int64(demoData.commentCount(eventID: 2) + 1))
            #expect(event3.commentCount == Int64(demoData.commentCount(eventID: 3)))
        }
    }

    @Test(
        "given a control character in a login's email, password or challengeID, then 400 naming that field",
        arguments: [
            ("/v1/sessions", #"{"email":"alice@agora.example\u001b[2J","password":"agora-demo"}"#, "email"),
            ("/v1/sessions", #"{"email":"alice@agora.example","password":"agora\u0000-demo"}"#, "password"),
            ("/v1/sessions/two-factor", #"{"challengeID":"abc\u0007","code":"424242"}"#, "challengeID"),
        ]
    )
    func controlCharacterInLogin(path: String, body: String, field: String) async throws {
        try await TestServer.with { server in
            let response = try await server.client.post(path, body)

            #expect(response.status == 400)
            #expect(try response.error.field == field)
        }
    }

    @Test("given a NUL in a comment's body, then the 400's message is one plain sentence naming the body and the character")
    func controlCharacterMessage() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)

            let response = try await server.client.post("/v1/events/2/comments", #"{"body":"before\u0000after"}"#, token: alice)

            #expect(response.status == 400)
            #expect(try response.error.message == "The body holds the control character U+0000; only line breaks and tabs are allowed.")
        }
    }

    @Test(
        "given a character carrying more combining marks than 8, when posting, then 400 naming body and the count, and nothing is stored",
        arguments: [9, 1_990]
    )
    func tooManyCombiningMarks(count: Int) async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let body = "Z" + String(repeating: "\u{301}", count: count) + "algo"
            let draft = try String(decoding: JSONEncoder().encode(["body": body]), as: UTF8.self)

            let response = try await server.client.post("/v1/events/2/comments", draft, token: alice)

            #expect(response.status == 400)
            let error = try response.error
            #expect(error.field == "body")
            #expect(error.message == "The body stacks \(count) combining marks on one character; at most 8 are allowed.")
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2)))
        }
    }

    @Test(
        "given text that stacks a few marks as scripts do (Vietnamese, Devanagari, Thai, emoji with skin tones and joiners, 8 marks on one letter), then it is stored as sent"
    )
    func ordinaryMarksPass() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let body = "Tiếng Việt, क्षत्रिय, ที่นี่, 👩🏽‍💻 1️⃣ a" + String(repeating: "\u{301}", count: 8)
            let draft = try String(decoding: JSONEncoder().encode(["body": body]), as: UTF8.self)

            let response = try await server.client.post("/v1/events/2/comments", draft, token: alice)

            #expect(response.status == 201, "\(response.text)")
            #expect(try response.decode(Components.Schemas.Comment.self).body == body)
        }
    }
}
