import Foundation
import Testing

@Suite("The saved session, across runs of the agora executable")
struct SessionAcrossRunsTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("agora-session-\(UInt64.random(in: 0...UInt64.max))")
    var sessionFile: URL { home.appendingPathComponent(".local/share/agora/session-oss.json") }

    @Test(
        "given a login in one run, when agora starts again, then the user is still logged in, from a 0600 file that holds no password and whose token is never printed"
    )
    func sessionSurvivesARestart() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let login = try await AgoraProcess.run(
            ["--oss"], input: "login\nemail alice@agora.example\npassword agora-demo\nsubmit\nenv\n", environment: ["HOME": home.path]
        )
        #expect(login.status == 0, "\(login.stderr)")

        let again = try await AgoraProcess.run(["--oss"], input: "whoami\n", environment: ["HOME": home.path])

        #expect(again.stdout == "Logged in as Alice Martin <alice@agora.example>.\n")
        let mode = try FileManager.default.attributesOfItem(atPath: sessionFile.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let contents = try String(contentsOf: sessionFile, encoding: .utf8)
        #expect(!contents.contains("agora-demo"))
        let saved = try JSONSerialization.jsonObject(with: Data(contents.utf8)) as? [String: Any]
        let token = try #require(saved?["token"] as? String)
        let shown = try await AgoraProcess.run(["--oss"], input: "env\nwhoami\n", environment: ["HOME": home.path])
        #expect(shown.stdout.contains("session-oss.json"), "env names the file: \(shown.stdout)")
        for output in [login.stdout, login.stderr, again.stdout, again.stderr, shown.stdout, shown.stderr] {
            #expect(!output.contains(token), "the session's token was printed")
        }
    }

    @Test("given a corrupt session file, when agora starts, then it says so on one line and starts logged out")
    func corruptSessionFile() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: sessionFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"token\": 42".utf8).write(to: sessionFile)

        let result = try await AgoraProcess.run(["--oss"], input: "whoami\n", environment: ["HOME": home.path])

        #expect(result.status == 0)
        #expect(result.stdout == "Not logged in.\n")
        #expect(
            result.stderr
                == "error: Could not restore your session (\(sessionFile.path) is not a session file Agora wrote; log in to replace it); you are logged out.\n")
    }

    @Test("given a login then a logout, when agora starts again, then no session is restored and the file is gone")
    func logoutForgets() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await AgoraProcess.run(
            ["--oss"], input: "login\nemail alice@agora.example\npassword agora-demo\nsubmit\nlogout\n", environment: ["HOME": home.path]
        )

        let again = try await AgoraProcess.run(["--oss"], input: "whoami\n", environment: ["HOME": home.path])

        #expect(again.stdout == "Not logged in.\n")
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
    }
}
