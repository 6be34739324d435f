import Foundation
import Testing

/// `post`'s text arrives as typed however agora is driven: a script file, a pipe, `-c`.
@Suite("Free text from scripts, pipes and -c")
struct FreeTextCommandLineTests {
    static let text = #"C:\path\file it's a "quoted"    word; really"#
    static let login = "login\nemail alice@agora.example\npassword agora-demo\nsubmit\nopen agora://events/2/comments\n"

    @Test(
        "given a script file, when a line posts text with a backslash, an apostrophe, quotes, runs of spaces and a ;, then the comments list shows it exactly as typed"
    )
    func scriptFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-\(UUID().uuidString).agora")
        try (Self.login + "post \(Self.text)\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let result = try await AgoraProcess.run(["--oss", "--script", file.path])

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains { $0.hasSuffix(Self.text) }, "\(result.stdout)")
    }

    @Test("given piped input with Windows line ends, when a line posts text, then the text arrives without the line end")
    func pipedCRLF() async throws {
        let input = (Self.login + "post \(Self.text)\n").replacingOccurrences(of: "\n", with: "\r\n")

        let result = try await AgoraProcess.run(["--oss"], input: input)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains { $0.hasSuffix(Self.text) }, "\(result.stdout)")
    }
}
