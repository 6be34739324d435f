import Foundation
import Testing

/// `edit`: a comment written in `$EDITOR` and posted as saved, as psql's `\e`.
@Suite("edit: a comment written in the editor")
struct EditCommandTests {
    static let login = "login; email alice@agora.example; password agora-demo; submit; open agora://events/2/comments"
    /// Text a shell or the REPL's word splitting would change: a backslash, quotes, a `;`, a `#`, runs of spaces.
    static let text = #"C:\path it's a "quoted"    word; #really"#

    /// Runs `script` with `EDITOR` set to a program that saves `saved` (exactly those bytes) in the
    /// file it is given and exits with `status`.
    func run(_ script: String, saving saved: String, status: Int32 = 0) async throws -> AgoraProcess.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("saved")
        try Data(saved.utf8).write(to: content)
        let editor = folder.appendingPathComponent("editor")
        try "#!/bin/sh\ncat '\(content.path)' > \"$1\"\nexit \(status)\n".write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        return try await AgoraProcess.run(["--oss", "-c", script], environment: ["EDITOR": editor.path])
    }

    @Test("given a thread, when the editor saves two lines ending in a line break, then they are posted exactly as written, without that line break")
    func postsWhatWasSaved() async throws {
        let result = try await run("\(Self.login); edit; show 1", saving: Self.text + "\n  second line\n")

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Comment posted."))
        #expect(result.stdout.hasSuffix(":\n  \(Self.text)\n    second line\n"), "`show 1` prints the comment whole: \(result.stdout)")
    }

    @Test("given a thread, when the editor saves an empty file, then nothing is posted and a line says so")
    func emptyFilePostsNothing() async throws {
        let result = try await run("\(Self.login); edit", saving: "")

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasSuffix("Nothing to post: the file was saved empty.\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("Comment posted."))
    }

    @Test("given an editor that fails, then nothing is posted and one line names the editor and its status")
    func failingEditorPostsNothing() async throws {
        let result = try await run("\(Self.login); edit", saving: Self.text, status: 3)

        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("ended with status 3, so nothing was sent; set EDITOR to an editor that exits 0 when it saves.\n"), "\(result.stderr)")
        #expect(!result.stdout.contains("Comment posted."))
    }

    @Test("given a screen with no command that takes text, when `edit` is typed, then one line says where it works")
    func editWhereNothingTakesText() async throws {
        let result = try await run("open agora://events; edit", saving: Self.text)

        #expect(result.status == 1)
        #expect(
            result.stderr
                == "-c 1:2: error: `edit` writes the text of a command that takes text, and none does here: it works on an event's comments (`open agora://events/42/comments`).\n"
        )
    }
}
