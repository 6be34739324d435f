import AgoraArchitecture
@testable import AgoraREPL
import Testing

@Suite("Splitting a command line into words")
struct TokenizerTests {
    @Test("spaces separate words; runs of spaces count once")
    func spaces() throws {
        #expect(try CommandLineTokenizer.words(in: "open   agora://events ") == ["open", "agora://events"])
    }

    @Test("quotes keep spaces; a backslash escapes")
    func quotes() throws {
        #expect(try CommandLineTokenizer.words(in: #"post "hello there" 'it''s' a\ b"#) == ["post", "hello there", "its", "a b"])
        #expect(try CommandLineTokenizer.words(in: #"say "she said \"hi\"""#) == ["say", #"she said "hi""#])
        #expect(try CommandLineTokenizer.words(in: "x ''") == ["x", ""])
    }

    @Test("an unclosed quote or a trailing backslash is refused with a message")
    func unbalanced() {
        #expect(throws: CommandError("unbalanced \" quote: close it, or escape it with a backslash")) {
            try CommandLineTokenizer.words(in: #"post "hello"#)
        }
        #expect(throws: CommandError("the line ends with a backslash: escape something after it, or remove it")) {
            try CommandLineTokenizer.words(in: #"post \"#)
        }
    }
}
