import Foundation
import GRDB
import Testing

/// Secrets in live mode, end to end: what a user types (a password, a two-factor code) and what
/// the server hands out or keeps (tokens, password hashes) never appear in the REPL's output nor
/// in the server's log at its most verbose level, and the saved session is readable by its owner
/// only.
@Suite("Live mode secrets: never printed, never logged, the session file 0600", .serialized, .timeLimit(.minutes(10)))
struct LiveSecretsTests {
    static let password = "agora-demo"
    static let twoFactorCode = "424242"

    @Test(
        "given a whole live session (2FA login, posts, deletes, RSVPs, a second user, logouts), then no password, code, token or hash is in the REPL's output or the server's trace log"
    )
    func noSecretInOutputOrLog() async throws {
        let folder = try ScratchFolder("secrets")
        let database = folder.file("server.sqlite")
        let server = try ServerProcess(database: database, log: folder.file("server.log"), extraArguments: ["--log-level", "trace"])
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let sessionFile = folder.file("home/.local/share/agora/session-live-http-127.0.0.1-\(server.port).json")
        var transcript = ""
        var tokens: Set<String> = []  // from the session files: the server only has their digests

        // `help` is left out on purpose: it shows the public demo password as a hint.
        let bob = try await agora.run([
            "login", "email bob@agora.example", "password \(Self.password)", "submit", "code \(Self.twoFactorCode)",
            "whoami", "env", "open agora://events/2", "rsvp yes", "comments", "post Bob was here", "delete 1", "quit",
        ])
        transcript += bob.output
        #expect(bob.stdout.contains("Logged in as Bob Okafor."), "\(bob.output)")
        tokens.insert(try Self.savedToken(sessionFile))
        #expect(try Self.permissions(sessionFile) == 0o600)

        let bobAgain = try await agora.run(["env", "whoami", "open agora://activities", "logout", "quit"])
        transcript += bobAgain.output
        #expect(bobAgain.stdout.contains("Logged out."), "\(bobAgain.output)")

        let alice = try await agora.run([
            "login", "email alice@agora.example", "password wrong-\(Self.password)", "submit", "password \(Self.password)", "submit",
            "env", "open agora://events/3/comments", "post Alice too", "open agora://activities", "quit",
        ])
        transcript += alice.output
        #expect(alice.stdout.contains("Logged in as Alice Martin."), "\(alice.output)")
        tokens.insert(try Self.savedToken(sessionFile))
        #expect(try Self.permissions(sessionFile) == 0o600)
        server.stop()

        let hashes = try Self.passwordHashes(database)
        let log = try String(contentsOf: server.log, encoding: .utf8)
        // The checks below could not fail if nothing had been logged or stored.
        #expect(log.contains("trace") || log.contains("debug"), "the server logged at trace level")
        #expect(log.contains("POST /v1/sessions/two-factor 201"), "\(log.suffix(2_000))")
        #expect(hashes.count == 6 && hashes.allSatisfy { $0.hasPrefix("$2b$") })
        #expect(tokens.count == 2 && tokens.allSatisfy { $0.count >= 43 })

        let named: [(String, String)] =
            [("the password", Self.password), ("the two-factor code", Self.twoFactorCode), ("a bcrypt prefix", "$2b$")]
            + tokens.map { ("a token", $0) } + hashes.map { ("a password hash", $0) }
        for (what, secret) in named {
            #expect(!transcript.contains(secret), "the REPL printed \(what)")
            #expect(!log.contains(secret), "the server logged \(what)")
        }
        // The server keeps digests of tokens, never the tokens (SessionStorageTests has the details).
        let stored = try [database.path, database.path + "-wal"].filter { FileManager.default.fileExists(atPath: $0) }
            .map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for token in tokens {
            #expect(!stored.contains { $0.range(of: Data(token.utf8)) != nil }, "the server's database holds a token")
        }
    }

    @Test("given a logged-in live session, then its file is 0600 in a 0700 folder and holds the token but not the password")
    func sessionFileIsPrivate() async throws {
        let folder = try ScratchFolder("session-file")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let sessionFile = folder.file("home/.local/share/agora/session-live-http-127.0.0.1-\(server.port).json")

        let login = try await agora.run(["login", "email alice@agora.example", "password \(Self.password)", "submit", "quit"])

        #expect(login.status == 0, "\(login.output)")
        #expect(try Self.permissions(sessionFile) == 0o600)
        #expect(try Self.permissions(sessionFile.deletingLastPathComponent()) == 0o700)
        let contents = try String(contentsOf: sessionFile, encoding: .utf8)
        #expect(!contents.contains(Self.password))
        let token = try Self.savedToken(sessionFile)
        let shown = try await agora.run(["env", "whoami", "quit"])
        #expect(shown.stdout.contains("alice@agora.example"), "\(shown.output)")
        #expect(!shown.output.contains(token), "env and whoami never show the token")
    }

    // MARK: Helpers

    static func savedToken(_ file: URL) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(object?["token"] as? String, "the session file holds a token")
    }

    static func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// The password hashes the server stored.
    static func passwordHashes(_ database: URL) throws -> [String] {
        try DatabaseQueue(path: database.path).read { db in try String.fetchAll(db, sql: "SELECT password_hash FROM users") }
    }
}
