import Foundation

/// What every fault test starts from: agora-server (demo seed, a database file) as a child
/// process, a ``FaultProxy`` in front of it, and a home for agora — all in one scratch folder.
///
/// The REPL talks to the proxy; the test checks the server directly (``query``), so a fault
/// never hides what the server really stored.
final class FaultScene {
    let folder: ScratchFolder
    let server: ServerProcess
    let proxy: FaultProxy

    /// - Parameter serverArguments: more options for agora-server (`--token-lifetime 2`).
    init(_ label: String, serverArguments: [String] = []) throws {
        folder = try ScratchFolder("faults-\(label)")
        server = try ServerProcess(
            database: folder.file("server.sqlite"), log: folder.file("server.log"),
            extraArguments: ["--bcrypt-cost", "4", "--log-level", "warning"] + serverArguments
        )
        proxy = try FaultProxy(upstreamPort: server.port)
    }

    var home: URL { folder.file("home") }

    /// The server itself, not through the proxy.
    var query: ServerQuery { ServerQuery(baseURL: server.baseURL) }

    /// `agora --live` through the proxy, on this scene's home (so a second one finds the first
    /// one's session and outbox).
    func startREPL(environment: [String: String] = [:]) throws -> RunningREPL {
        try RunningREPL(home: home, serverURL: proxy.baseURL, environment: environment)
    }

    /// What the proxy saw and what the server logged, for a failing expectation's message.
    var diagnostics: String {
        let log = (try? String(contentsOf: server.log, encoding: .utf8)) ?? ""
        return "proxy: \(proxy.log) | server log: \(log.suffix(1_000))"
    }
}

extension RunningREPL {
    /// Alice's demo login, typed as a user would.
    static let aliceLogin = ["login", "email alice@agora.example", "password agora-demo", "submit"]

    /// Logs in as Alice; throws when the REPL does not say so.
    func logInAsAlice() async throws {
        for line in Self.aliceLogin { type(line) }
        try await waitFor("Logged in as Alice Martin.")
    }

    /// Opens an event's comments; throws when their table does not show.
    func openComments(eventID: Int) async throws {
        type("open agora://events/\(eventID)/comments")
        try await waitFor("Comments, newest first")
    }
}

/// A comment text no other test or seed uses.
func uniqueComment(_ label: String) -> String {
    "\(label) \(UInt32.random(in: 0...UInt32.max))"
}
