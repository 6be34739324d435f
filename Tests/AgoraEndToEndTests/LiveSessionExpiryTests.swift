import AgoraChildProcess
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A token past its lifetime, end to end: `agora-server --token-lifetime 20` refuses it with 401,
/// and `agora --live` then asks the user to log in again and finishes what they asked.
@Suite("Live mode: an expired session", .serialized, .timeLimit(.minutes(10)))
struct LiveSessionExpiryTests {
    @Test(
        "given a saved session whose token expired, when the user posts, then the REPL says the session expired, asks for a login, and the post follows it once"
    )
    func expiredTokenAsksForLogin() async throws {
        let folder = try ScratchFolder("expiry")
        let server = try ServerProcess(
            database: folder.file("server.sqlite"), log: folder.file("server.log"), extraArguments: ["--token-lifetime", "20"]
        )
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let text = "After expiry \(UInt32.random(in: 0...UInt32.max))"

        let loggingIn = ContinuousClock.now
        let login = try await agora.run(["login", "email alice@agora.example", "password agora-demo", "submit", "quit"])
        #expect(login.stdout.contains("Logged in as Alice Martin."), "\(login.output)")
        let sessionFile = folder.file("home/.local/share/agora/session-live-http-127.0.0.1-\(server.port).json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any]
        let token = try #require(saved?["token"] as? String)
        let first = try await Self.status(of: "/v1/me", token: token, on: server)
        // The token works until its lifetime ends: a check that came later, on a machine busy
        // enough to take 20 s, says nothing about it either way.
        let checked = ContinuousClock.now - loggingIn
        #expect(first == 200 || checked >= .seconds(20), "the token works until its lifetime ends; \(checked) after the login began, it got \(first)")

        // Waits until the server refuses the token: 20 s after the login.
        let deadline = Date().addingTimeInterval(20 + Double(Hang.bound.components.seconds))
        var status = 200
        while status != 401, Date() < deadline {
            try await Task.sleep(for: .milliseconds(250))
            status = try await Self.status(of: "/v1/me", token: token, on: server)
        }
        try #require(status == 401, "the token expired on the server")

        let post = try await agora.run([
            "open agora://events/2/comments", "post \(text)",
            "email alice@agora.example", "password agora-demo", "submit", "quit",
        ])

        #expect(post.output.contains("Your session has expired. Log in again."), "\(post.output)")
        #expect(post.stdout.contains("Log in to Agora"), "the login screen opened: \(post.output)")
        #expect(post.stdout.contains("Logged in as Alice Martin."), "\(post.output)")
        #expect(post.stdout.contains("Comment posted."), "\(post.output)")
        #expect(try await ServerQuery(baseURL: server.baseURL).commentBodies(eventID: 2).filter { $0 == text }.count == 1)
        let renewed = try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any]
        #expect(renewed?["token"] as? String != token, "the new login replaced the expired token")
    }

    static func status(of path: String, token: String, on server: ServerProcess) async throws -> Int {
        var request = URLRequest(url: URL(string: server.baseURL + path)!, timeoutInterval: Double(Hang.bound.components.seconds))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
