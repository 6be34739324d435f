import AgoraMocks
import Testing

/// `agora -c`: several of them run in order, `;` ends a command whatever quotes surround it, and
/// `\;` keeps a `;` in one.
@Suite("-c, once or several times")
struct OneLineScriptTests {
    let titles = MockData().events.map(\.title)
    static let login = "login; email alice@agora.example; password agora-demo; submit; open agora://events/2/comments"

    @Test("given two -c, when agora runs, then both run in order, one command each")
    func repeated() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events", "-c", "open 1"])

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Upcoming events")
        #expect(lines.contains(titles[0]), "the second -c opened the first event")
    }

    @Test("given a -c whose post has an apostrophe before a ;, when agora runs, then the post takes its text and the command after the ; runs")
    func apostropheBeforeSemicolon() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", Self.login, "-c", "post I'll go; whoami"])

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(" I'll go") }, "\(result.stdout)")
        #expect(result.stdout.contains("alice@agora.example"), "whoami ran")
    }

    @Test("given a -c with \\; in a post, when agora runs, then the comment holds a ; and other backslashes stay")
    func escapedSemicolon() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", Self.login, "-c", #"post Lunch\; then C:\talks"#])

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains { $0.hasSuffix(#" Lunch; then C:\talks"#) }, "\(result.stdout)")
    }

    @Test("given -c and --script together, then agora refuses in one line")
    func scriptAndCommands() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "whoami", "--script", "/dev/null"])

        #expect(result.status != 0)
        #expect(result.stderr.contains("--script and -c exclude each other"), "\(result.stderr)")
    }
}
