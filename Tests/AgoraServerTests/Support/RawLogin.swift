import Foundation

/// Logins and two-factor answers sent over ``RawConnection``s: from another loopback address
/// (the server sees another client), or many at once, each on a connection of its own, with no
/// client library queueing them.
enum RawLogin {
    /// The status of `POST path` with the JSON `body`, sent from `source`.
    static func status(_ server: TestServer, _ path: String, _ body: String, from source: String? = nil) async throws -> Int {
        let answer = try await RawConnection.exchange(port: server.running.port, head(path), body: body, from: source)
        return status(of: answer)
    }

    /// Sends every body at once, each on its own connection, before reading any answer; the
    /// statuses in the order of `bodies`.
    static func statusesAtOnce(_ server: TestServer, _ path: String, _ bodies: [String]) async throws -> [Int] {
        let connections = try bodies.map { _ in try RawConnection(port: server.running.port) }
        for (connection, body) in zip(connections, bodies) {
            connection.send(head(path) + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        }
        return await withTaskGroup(of: (Int, Int).self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask { (index, status(of: await connection.readUntilClosed())) }
            }
            var statuses = Array(repeating: 0, count: connections.count)
            for await (index, status) in group { statuses[index] = status }
            return statuses
        }
    }

    private static func head(_ path: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    }

    /// The status of an HTTP/1.1 answer (`HTTP/1.1 429 Too Many Requests`), 0 when there is none.
    static func status(of answer: String) -> Int {
        let parts = answer.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return 0 }
        return Int(parts[1]) ?? 0
    }
}
