import AgoraModels
import Foundation
import Testing

@testable import Comments

/// The composer refuses what the server refuses, from the same rule (`TextRules.isBlank`), so a
/// comment the server would turn away is never sent.
@Suite("Comment text: blank-looking text is refused, line breaks are posted as LF")
struct CommentTextTests {
    @Test(
        "given text that only looks blank, then the composer says 'A comment needs some text.' and it is not postable",
        arguments: ["", "   ", "\u{3164}", "\u{2800}", "\u{115F}\u{1160}\u{FFA0}", "\u{200B}\u{2060}\u{FEFF}", " \u{3164}\n\u{2800} "]
    )
    func blankLooking(typed: String) {
        let text = CommentText(typed)

        #expect(text.problem(locale: Locale(identifier: "en_US")) == "A comment needs some text.")
        #expect(!text.isPostable)
    }

    @Test("given a visible character between blank-looking ones, then it is postable")
    func visible() {
        #expect(CommentText("\u{3164}hi\u{2800}").isPostable)
    }

    @Test("given CRLF and lone CR line breaks, then the body to post has LF only and is postable")
    func lineBreaks() {
        let text = CommentText("one\r\ntwo\rthree")

        #expect(text.body == "one\ntwo\nthree")
        #expect(text.isPostable)
    }

    @Test("given the scalars the server counts as blank, then TextRules.isBlank holds for each, and not for a letter or a mark")
    func sharedRule() {
        for scalar: Unicode.Scalar in ["\u{3164}", "\u{2800}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{200B}", "\u{00AD}", " ", "\u{3000}"] {
            #expect(TextRules.isBlank(scalar), "\(scalar.codePoint)")
        }
        #expect(!TextRules.isBlank("a" as Unicode.Scalar))
        #expect(!TextRules.isBlank("\u{0301}" as Unicode.Scalar))
    }
}
