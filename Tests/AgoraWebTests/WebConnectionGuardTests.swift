import AgoraHTTPServing
import Foundation
import Testing

/// What agora-web puts in front of its routes, as agora-server does: the host names it serves,
/// and the time and number of connections a peer may hold. Over real HTTP on loopback.
@Suite("agora-web: host names and connection limits")
@MainActor
struct WebConnectionGuardTests {
    @Test("given a Host that is not this machine's, when a page or a login is asked for, then 421 in one line, and nothing is served or logged in")
    func foreignHostsAreRefused() async throws {
        try await withWebSessions { port, sessions in
            for host in ["evil.example", "rebind.evil.example:\(port)", "127.0.0.1.evil.example"] {
                let connection = try HTTPConnection(port: port)
                await connection.send("GET /events HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                let reply = try #require(HTTPReply(raw: await connection.read()))
                #expect(reply.status == 421, "\(host)")
                #expect(
                    reply.body.hasPrefix("Host '")
                        && reply.body.hasSuffix("is not served here; expected 127.0.0.1, localhost or a name given with --allowed-host.\n"))
                #expect(reply.setCookies.isEmpty, "no session for \(host)")
            }
            #expect(sessions.count == 0)
            let login = try HTTPConnection(port: port)
            let form = "email=alice%40agora.example&password=agora-demo"
            await login.send(
                "POST /login HTTP/1.1\r\nHost: rebind.evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)"
            )
            #expect(HTTPReply(raw: await login.read())?.status == 421)
        }
    }

    @Test("given the names this machine goes by, or one given with --allowed-host, when a page is asked for, then it is served")
    func ownNamesAreServed() async throws {
        try await withWebSessions(allowedHosts: ["agora.example"]) { port, _ in
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "agora.example:443"] {
                let connection = try HTTPConnection(port: port)
                await connection.send("GET /events HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(HTTPReply(raw: await connection.read())?.status == 200, "\(host)")
            }
        }
    }

    @Test(
        "given a cap of 4 connections held by visitors kept alive after a page and an idle timeout of an hour, when a fifth connects, then its page is served and the one idle the longest was closed to make room"
    )
    func idleConnectionsMakeWayForANewcomer() async throws {
        try await withWebSessions(limits: ConnectionLimits(idleTimeout: .seconds(3_600), maxConnections: 4)) { port, _ in
            // Each holder reads a page and keeps its connection: idle, one after the other.
            var holders: [HTTPConnection] = []
            for _ in 1...4 {
                let holder = try HTTPConnection(port: port)
                await holder.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
                _ = await holder.read { $0.contains("</html>") }
                holders.append(holder)
            }

            // With an idle timeout of an hour, only the cap making room can serve it.
            let newcomer = try HTTPConnection(port: port)
            await newcomer.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            let page = await newcomer.readToClose()

            #expect(HTTPReply(raw: page.text)?.status == 200, "\(page.text.prefix(120))")
            #expect(await holders[0].readToClose().closed, "the connection idle the longest made way")
        }
    }

    @Test("given a target in absolute form naming another host, when sent with Host 127.0.0.1, then it is 421: the target's host is the one asked for")
    func absoluteFormTargetNamesTheHost() async throws {
        try await withWebSessions { port, _ in
            var statuses: [Int?] = []
            for target in ["http://evil.example/events", "http://127.0.0.1/events"] {
                let connection = try HTTPConnection(port: port)
                await connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                statuses.append(HTTPReply(raw: await connection.read())?.status)
            }
            #expect(statuses == [421, 200])
        }
    }

    @Test("given 50 connections that send half a request head and stop, when the idle timeout passes, then agora-web has closed every one")
    func halfSentHeadsAreClosed() async throws {
        try await withWebSessions(limits: ConnectionLimits(idleTimeout: .seconds(1))) { port, _ in
            var connections: [HTTPConnection] = []
            for _ in 0..<50 {
                let connection = try HTTPConnection(port: port)
                await connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                connections.append(connection)
            }
            // Nothing else closes a connection that keeps still: no other limit is that short.
            var closed = 0
            for connection in connections {
                let read = await connection.readToClose()
                if read.closed, read.text.isEmpty { closed += 1 }
            }
            #expect(closed == 50, "closed \(closed) of 50")
            #expect(try await Browser(port: port).get("/events").status == 200, "and the app still serves")
        }
    }

    @Test("given a form whose body trickles in past the body timeout, when it is posted, then 408 in one line, and the connection is closed")
    func tricklingFormsAreRefused() async throws {
        try await withWebSessions(limits: ConnectionLimits(idleTimeout: .seconds(3_600), bodyTimeout: .milliseconds(500))) { port, _ in
            let browser = Browser(port: port)
            try await browser.get("/events")
            let connection = try HTTPConnection(port: port)
            let form = "csrf=\(browser.csrfToken ?? "")&action=more"
            await connection.send(
                "POST /events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: agora_session=\(browser.session ?? "")\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n")
            for character in form.prefix(4) {
                await connection.send(String(character))
                try await Task.sleep(for: .milliseconds(300))
            }
            // The rest never comes: only the body timeout can answer (the idle one is an hour).
            let read = await connection.readToClose()
            #expect(read.closed, "the connection was left open after the 408")
            let reply = try #require(HTTPReply(raw: read.text))
            #expect(reply.status == 408)
            #expect(reply.body == "The form took longer than 0.5 seconds to arrive; send it again.\n")
        }
    }
}
