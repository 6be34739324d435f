import Foundation
import Testing

/// A script cannot answer a login prompt: a command of `-c` or `--script` that ends waiting for a
/// login fails, says what was not done and how to log in first, and `--bail` stops there.
/// Piped input, which a program may answer, waits as a terminal does.
@Suite("A script's command left at the login prompt")
struct ScriptLoginPromptTests {
    static let login = "login; email alice@agora.example; password agora-demo; submit"
    static let howToLogIn =
        "a script cannot answer the login prompt; log in earlier in the script (`login`, `email <address>`, `password <password>`, `submit`)."

    @Test("given no login, when -c posts a comment, then the exit status is 1 and one error line says the comment was not posted and how to log in")
    func postFails() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events/1/comments; post hi"])

        #expect(result.status == 1)
        #expect(result.stderr == "-c 1:2: error: Not logged in, so the comment was not posted: \(Self.howToLogIn)\n")
        #expect(result.stdout.contains("(not sent) hi"), "the row says so too: \(result.stdout)")
        #expect(!result.stdout.contains("Comment posted."))
    }

    @Test(
        "given no login, when -c sends each command behind the login, then each fails saying what it left undone",
        arguments: [
            ("open agora://events/1; rsvp yes", "no RSVP was sent"),
            ("open agora://events/1; rsvp no", "no RSVP was sent"),
            ("open agora://events/1/comments; delete 1", "the comment was not deleted"),
            ("open agora://events/1/comments; post hi; retry 1", "the comment was not posted"),
        ])
    func everyGatedCommandFails(script: String, undone: String) async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", script])

        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        let last = script.split(separator: ";").count
        #expect(errors.last == "-c 1:\(last): error: Not logged in, so \(undone): \(Self.howToLogIn)", "\(result.stderr)")
    }

    @Test("given --bail, when a command is left at the login prompt, then nothing after it runs")
    func bailStops() async throws {
        let result = try await AgoraProcess.run(["--oss", "--bail", "-c", "open agora://events/1/comments; post hi; whoami"])

        #expect(result.status == 1)
        #expect(!result.stdout.contains("Not logged in."), "whoami did not run: \(result.stdout)")
    }

    @Test("given --format json, when a post is left at the login prompt, then its record is not ok and carries the error")
    func jsonRecord() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "open agora://events/1/comments; post hi"])

        #expect(result.status == 1)
        let records = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let post = try #require(records.last)
        #expect(post["command"] as? String == "post hi")
        #expect(post["ok"] as? Bool == false)
        #expect((post["errors"] as? [String])?.last?.hasPrefix("Not logged in, so the comment was not posted") == true, "\(post)")
        #expect(post["screen"] as? String == "events/1/comments", "the login screen closed")
    }

    @Test("given a login earlier in the script, when -c posts, then the comment is posted and the status is 0")
    func loginFirst() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "\(Self.login); open agora://events/1/comments; post hi"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Comment posted."))
    }

    @Test("given a script that logs in after its post, when it runs, then the post fails and the login lines fail on the screen the post left")
    func loginAfterPostInAScript() async throws {
        let script = "open agora://events/1/comments\npost hi\nemail alice@agora.example\npassword agora-demo\nsubmit\n"
        let result = try await AgoraProcess.run(["--oss", "--script", "-"], input: script)

        #expect(result.status == 1)
        #expect(!result.stdout.contains("Comment posted."))
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.first == "<stdin>:2: error: Not logged in, so the comment was not posted: \(Self.howToLogIn)", "\(result.stderr)")
        #expect(errors.dropFirst().allSatisfy { $0.contains("works on the login screen") }, "\(result.stderr)")
    }

    @Test("given piped input, when a post's login is answered on the next lines, then the comment is posted and the status is 0")
    func pipedLoginAnswered() async throws {
        let input = "open agora://events/1/comments\npost hi\nemail alice@agora.example\npassword agora-demo\nsubmit\n"
        let result = try await AgoraProcess.run(["--oss"], input: input)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Comment posted."))
    }

    @Test("given piped input, when it ends at a post's login prompt, then the status is 1 and an error says the comment was not posted")
    func pipedInputEndsAtThePrompt() async throws {
        let result = try await AgoraProcess.run(["--oss"], input: "open agora://events/1/comments\npost hi\n")

        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:2: error: The input ended at the login prompt, so the comment was not posted.\n", "named at the last line read")
    }

    @Test("given piped input and --format json, when it ends at a post's login prompt, then a last record with no command carries the error")
    func pipedInputEndsAtThePromptInJSON() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json"], input: "open agora://events/1/comments\npost hi\n")

        #expect(result.status == 1)
        let last = try #require(result.stdout.split(separator: "\n").last)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(record["command"] as? String == "")
        #expect(record["ok"] as? Bool == false)
        #expect(record["errors"] as? [String] == ["The input ended at the login prompt, so the comment was not posted."])
    }
}
