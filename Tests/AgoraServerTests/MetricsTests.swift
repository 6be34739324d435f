import AgoraServer
import Foundation
import Testing

/// What an operator's Prometheus scrapes: the server's counts in the text exposition format.
@Suite("Operator: /metrics counts requests by route and status, their latency, logins and refusals")
struct MetricsTests {
    @Test(
        "given reads, a refused login and a good one, when /metrics is scraped, then each is counted by route template and status, with a latency histogram, the connections and the database's use"
    )
    func countsWhatHappened() async throws {
        try await TestServer.with { server in
            for _ in 0..<2 { _ = try await server.client.get("/v1/events") }
            _ = try await server.client.get("/v1/events/3")
            _ = try await server.client.get("/v1/events/999999")
            _ = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"wrong-password"}"#)
            _ = try await server.client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)

            let scrape = try await server.client.get("/metrics")

            #expect(scrape.status == 200)
            #expect(scrape.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let lines = Set(scrape.text.split(separator: "\n").map(String.init))
            for expected in [
                #"agora_http_requests_total{method="GET",route="/v1/events",status="200"} 2"#,
                #"agora_http_requests_total{method="GET",route="/v1/events/{eventID}",status="200"} 1"#,
                #"agora_http_requests_total{method="GET",route="/v1/events/{eventID}",status="404"} 1"#,
                #"agora_logins_total{outcome="refused"} 1"#,
                #"agora_logins_total{outcome="succeeded"} 1"#,
                #"agora_http_request_duration_seconds_count{route="/v1/events"} 2"#,
                #"# TYPE agora_http_request_duration_seconds histogram"#,
            ] {
                #expect(lines.contains(expected), "\(expected) in:\n\(scrape.text)")
            }
            #expect(lines.contains { $0.hasPrefix(#"agora_open_connections{state="busy"} "#) })
            // Between requests no read holds a connection or waits for one; each waited once.
            #expect(lines.contains(#"agora_database_in_flight_operations{state="holding"} 0.0"#), "\(scrape.text)")
            #expect(lines.contains(#"agora_database_in_flight_operations{state="waiting"} 0.0"#), "\(scrape.text)")
            let waits = lines.first { $0.hasPrefix("agora_database_connection_wait_seconds_count ") }
            #expect((waits?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 4, "\(scrape.text)")
            #expect(!scrape.text.contains("999999"), "ids never become labels")
        }
    }

    @Test(
        "given the server trusts a proxy at 127.0.0.1, when /metrics comes through it for a client elsewhere, then it is 404; from the server's own machine, or from a reader named, it is 200"
    )
    func onlyReadersNamedSeeTheMetrics() async throws {
        func status(_ server: TestServer, _ path: String, from client: String? = nil) async throws -> Int {
            try await server.client.send("GET", path, headers: client.map { ["X-Forwarded-For": $0] } ?? [:]).status
        }
        let behindProxy: (inout AgoraServerConfiguration) -> Void = { $0.trustedProxies = ["127.0.0.1"] }
        try await TestServer.with(behindProxy) { server in
            let statuses = [
                try await status(server, "/metrics"), try await status(server, "/metrics", from: "198.51.100.7"),
                try await status(server, "/metrics/", from: "198.51.100.7"),
            ]
            #expect(statuses == [200, 404, 404], "a scraper on the same machine reads them; a client through the proxy finds nothing")
        }
        let withAReader: (inout AgoraServerConfiguration) -> Void = {
            $0.trustedProxies = ["127.0.0.1"]
            $0.metricsReaders = ["198.51.100.7"]
        }
        try await TestServer.with(withAReader) { server in
            let statuses = [try await status(server, "/metrics", from: "198.51.100.7"), try await status(server, "/metrics")]
            #expect(statuses == [200, 404], "the reader named reads them; loopback is no reader once readers are named")
        }
    }
}
