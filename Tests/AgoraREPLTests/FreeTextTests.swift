import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// A command whose argument is free text (`post`) takes the rest of the line as typed; every
/// other command still reads words as a shell does.
@MainActor
@Suite("Free text is taken verbatim")
struct FreeTextTests {
    static let typed = #"C:\path\file it's a "quoted"    word; really # not a comment"#

    func read(_ line: String) throws -> CommandInvocation? {
        try CommandInvocation.read(line) { $0 == "post" ? .restOfLine : .words }
    }

    @Test("given a rest-of-line command, when read, then its one argument is everything after the word and one space, as typed")
    func restOfLine() throws {
        #expect(try read("post \(Self.typed)") == CommandInvocation(name: "post", arguments: [Self.typed]))
        #expect(try read("  post I'll be there") == CommandInvocation(name: "post", arguments: ["I'll be there"]))
        #expect(try read("post  two spaces kept  ") == CommandInvocation(name: "post", arguments: [" two spaces kept  "]))
    }

    @Test("given a rest-of-line command, when nothing but spaces follows it, then it has no argument")
    func blank() throws {
        #expect(try read("post") == CommandInvocation(name: "post"))
        #expect(try read("post    ") == CommandInvocation(name: "post"))
    }

    @Test("given a words command, when read, then quotes, escapes and a trailing comment still work as in a shell")
    func wordsUnchanged() throws {
        #expect(try read(#"email "a b" c\ d # note"#) == CommandInvocation(name: "email", arguments: ["a b", "c d"]))
        #expect(throws: CommandError.self) { try read("email I'll") }
        #expect(try read("# post a comment") == nil)
    }

    @Test(
        "given a logged-in user on the comments, when posting text with a backslash, an apostrophe, quotes, runs of spaces, ; and #, then the server gets it exactly and the list shows it as typed"
    )
    func postedVerbatim() async throws {
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        for line in ["login", "email alice@agora.example", "password agora-demo", "submit", "open agora://events/2/comments"] {
            #expect(await session.execute(line) == .succeeded, "\(line): \(console.text)")
        }
        console.clear()

        #expect(await session.execute("post \(Self.typed)") == .succeeded, "\(console.text)")

        let service = session.application.configuration.mockService
        let comments = try service.backend.commentsPage(CommentsRequest(eventID: 2, limit: 5)).items
        #expect(comments.first?.body == Self.typed)
        #expect(console.lines.contains { $0.hasSuffix(Self.typed) }, "\(console.text)")
    }

    @Test("given the events list, where there is no post, when a line starts with post and has an apostrophe, then the error is about the command, not a quote")
    func unknownFreeTextCommand() async throws {
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        _ = await session.execute("open agora://events")
        console.clear()

        #expect(await session.execute("post I'll be there") == .failed)
        #expect(!console.text.contains("quote"), "\(console.text)")
        #expect(console.text.contains("post"), "\(console.text)")
    }
}
