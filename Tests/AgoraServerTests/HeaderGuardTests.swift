import AgoraContract
import Foundation
import Testing

/// A media-type header the OpenAPI runtime cannot take used to end agora-server: one
/// unauthenticated `POST /v1/sessions` with `Content-Type: application/json; charset=utf-8;
/// Charset=utf-8` trapped inside the runtime. These inputs are kept as regressions.
@Suite("Security: headers the OpenAPI runtime parses are checked before it")
struct HeaderGuardTests {
    @Test(
        "given a Content-Type with a parameter twice in different case, or malformed, when posting a login, then 400 naming Content-Type and the server keeps serving",
        arguments: [
            "application/json; charset=utf-8; Charset=utf-8",
            "application/json; chArset=utf-8; charset=utf-8",
            "application/json;charset=utf-8;CHARSET=latin1;charset=utf-8",
            "application/json; charset",
            "application/json; =utf-8",
        ]
    )
    func contentType(value: String) async throws {
        try await TestServer.with { server in
            let response = try await server.client.send(
                "POST", "/v1/sessions", body: #"{"email":"alice@agora.example","password":"agora-demo"}"#,
                headers: ["Content-Type": value]
            )

            #expect(response.status == 400)
            let error = try response.error
            #expect(error.code == "invalid_field")
            #expect(error.field == "Content-Type")
            #expect(error.message.hasPrefix("The Content-Type header was refused: "))
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test(
        "given an Accept with a parameter twice in different case, when reading events, then 400 naming Accept",
        arguments: ["application/json; q=1; Q=0.5", "text/plain, application/json; charset=utf-8; CharSet=utf-8"]
    )
    func accept(value: String) async throws {
        try await TestServer.with { server in
            let response = try await server.client.send("GET", "/v1/events", headers: ["Accept": value])

            #expect(response.status == 400)
            #expect(try response.error.field == "Accept")
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test(
        "given a repeated parameter behind a non-ASCII space on the wire, when posting a login, then 400 naming Content-Type, and the server keeps serving",
        arguments: ["\u{A0}", "\u{85}", "\u{3000}", "\u{2028}", "\u{FEFF}"]
    )
    func nonASCIISpaceBeforeARepeatedParameter(space: String) async throws {
        try await TestServer.with { server in
            let answer = try await RawConnection.exchange(
                port: server.running.port,
                "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json; charset=utf-8;\(space)Charset=utf-8\r\n",
                body: "{}"
            )

            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            #expect(answer.contains(#""field":"Content-Type""#), "\(answer)")
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test("given two Content-Type lines that differ in a parameter's case, then 400, and the server keeps serving")
    func twoContentTypeLines() async throws {
        try await TestServer.with { server in
            let answer = try await RawConnection.exchange(
                port: server.running.port,
                "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json; charset=utf-8\r\nContent-Type: application/json; Charset=utf-8\r\n",
                body: "{}"
            )

            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test("given well-formed media types in any case, then they pass: login 201, events 200")
    func wellFormedPass() async throws {
        try await TestServer.with { server in
            let login = try await server.client.send(
                "POST", "/v1/sessions", body: #"{"email":"alice@agora.example","password":"agora-demo"}"#,
                headers: ["Content-Type": "Application/JSON; Charset=utf-8"]
            )
            let events = try await server.client.send("GET", "/v1/events", headers: ["Accept": "application/json; q=0.9, */*; q=0.1"])

            #expect(login.status == 201)
            #expect(events.status == 200)
        }
    }
}
