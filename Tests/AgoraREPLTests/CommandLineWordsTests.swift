import AgoraArchitecture
import AgoraTerminalUI
import Testing

@testable import AgoraREPL

@Suite("Splitting a command line into words")
struct TokenizerTests {
    @Test("spaces separate words; runs of spaces count once")
    func spaces() throws {
        #expect(try CommandInvocation.words(in: "open   agora://events ") == ["open", "agora://events"])
    }

    @Test("quotes keep spaces; a backslash escapes")
    func quotes() throws {
        #expect(try CommandInvocation.words(in: #"post "hello there" 'it''s' a\ b"#) == ["post", "hello there", "its", "a b"])
        #expect(try CommandInvocation.words(in: #"say "she said \"hi\"""#) == ["say", #"she said "hi""#])
        #expect(try CommandInvocation.words(in: "x ''") == ["x", ""])
    }

    @Test("an unclosed quote or a trailing backslash is refused with a message")
    func unbalanced() {
        #expect(throws: CommandError("Unbalanced \" quote: close it, or escape it with a backslash.")) {
            try CommandInvocation.words(in: #"post "hello"#)
        }
        #expect(throws: CommandError("The line ends with a backslash: escape something after it, or remove it.")) {
            try CommandInvocation.words(in: #"post \"#)
        }
    }

    @Test("a quote, a backslash or a space followed by a combining mark still quotes, escapes or separates")
    func combiningMarks() throws {
        // Found by Scripts/fuzz (Tools/Fuzz/Regressions/command-line/combining-mark-after-quote): read
        // by Characters, "'" and U+0350 were one Character that was not a quote.
        #expect(try CommandInvocation.words(in: "post '\u{350}x y'") == ["post", "\u{350}x y"])
        #expect(try CommandInvocation.words(in: "post \\\u{301}") == ["post", "\u{301}"])
        #expect(try CommandInvocation.words(in: "a \u{301}b") == ["a", "\u{301}b"])
    }

    @Test("given a one-line script, when split, then every ; and every kind of line break ends a command, quotes or not")
    func statements() {
        #expect(ScriptLine.statements(in: "open agora://events; more") == ["open agora://events", "more"])
        // Found by Scripts/fuzz (Tools/Fuzz/Regressions/command-line/crlf-line-break-in-script): "\r\n"
        // is one Character, not "\n", so a script with Windows line ends was one statement.
        #expect(ScriptLine.statements(in: "open agora://events\r\nmore\r\n") == ["open agora://events", "more"])
        #expect(ScriptLine.statements(in: "post I'll go; whoami") == ["post I'll go", "whoami"])
        #expect(ScriptLine.statements(in: "post 'a;b\nc'; back") == ["post 'a", "b", "c'", "back"])
    }

    @Test("given a one-line script, when a ; follows a backslash, then it is a ; in its command and the backslash goes; any other backslash stays")
    func escapedSemicolon() {
        #expect(ScriptLine.statements(in: #"post a\;b; whoami"#) == ["post a;b", "whoami"])
        #expect(ScriptLine.statements(in: #"post C:\path\file"#) == [#"post C:\path\file"#])
        #expect(ScriptLine.statements(in: #"post ends with \"#) == [#"post ends with \"#])
    }

    @Test("given a line of words, when a # starts a word outside quotes, then the rest of the line is a comment")
    func comments() throws {
        #expect(try CommandInvocation.words(in: "whoami # who am I?") == ["whoami"])
        #expect(try CommandInvocation.words(in: "whoami #note") == ["whoami"])
        #expect(try CommandInvocation.words(in: ##"email a#b '#c' \#d"##) == ["email", "a#b", "#c", "#d"])
    }
}
