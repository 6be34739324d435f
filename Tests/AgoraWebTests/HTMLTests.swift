import AgoraWebUI
import Testing

/// The web kit's HTML: the only way text enters a page is escaped and cleaned, so what a member,
/// a server or a cache wrote shows as text and never acts as markup or on the reader.
@Suite("Web kit: typed HTML")
struct HTMLTests {
    /// The REPL's hostile payloads (its untrusted-text tests), each with text around it, and
    /// the markup payloads a web page meets.
    static let payloads: [String] = [
        "before\u{1B}]0;pwned\u{07}after",
        "before\u{1B}]52;c;ZXZpbA==\u{1B}\\after",
        "before\u{1B}[2Jafter",
        "before\rafter",
        "before\nerror: your session expired, type password after",
        "before\u{202E}gnp.exe after",
        "before\u{9B}31mafter",
        "before\u{08}\u{7F}after",
        "before\u{2028}after",
        "before<script>alert(1)</script>after",
        "before\"><img src=x onerror=alert(1)>after",
        "before' onmouseover='alert(1)after",
        "before&lt;after",
    ]

    /// What must never reach a page raw from text.
    static let forbiddenScalars: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{08}", "\r", "\n", "\u{9B}", "\u{202E}", "\u{7F}", "\u{2028}"]

    @Test("given a hostile payload, when it is a page's text, then no tag, quote, control or bidi override of it remains", arguments: payloads)
    func textIsInert(_ payload: String) {
        let markup = HTML.element("p", [.text(payload)]).rendered

        #expect(markup.hasPrefix("<p>before") && markup.hasSuffix("after</p>"), "\(markup.debugDescription)")
        let inner = markup.dropFirst("<p>".count).dropLast("</p>".count)
        #expect(!inner.contains("<") && !inner.contains(">") && !inner.contains("\"") && !inner.contains("'"), "\(markup.debugDescription)")
        #expect(!inner.unicodeScalars.contains { Self.forbiddenScalars.contains($0) }, "\(markup.debugDescription)")
    }

    @Test("given a hostile payload, when it is an attribute's value, then it cannot end the attribute", arguments: payloads)
    func attributeIsInert(_ payload: String) {
        let markup = HTML.element("a", ["href": "/events", "title": payload], [.text("x")]).rendered

        #expect(markup.hasPrefix("<a href=\"/events\" title=\"before"), "\(markup.debugDescription)")
        #expect(markup.filter { $0 == "\"" }.count == 4, "only the two attributes' own quotes: \(markup.debugDescription)")
        #expect(markup.hasSuffix("\">x</a>"))
    }

    @Test("given text with markup, when rendered, then it is escaped and shows as written")
    func markupIsEscaped() {
        #expect(HTML.text("<b>Tom & \"Jerry\"</b> it's").rendered == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; it&#39;s")
    }

    @Test(
        "given text with nothing to remove, when rendered, then it is unchanged",
        arguments: ["Swift on the Server", "梅田スカイビル", "+1, see you there 👋", "café", "👩‍💻 pair programming"])
    func plainTextIsUnchanged(_ text: String) {
        #expect(HTML.text(text).rendered == text)
    }

    @Test("given a whole escape sequence or a run of controls, when cleaned, then one mark shows where they were")
    func removalsAreMarked() {
        #expect(UntrustedText.cleaned("a\u{1B}]0;pwned\u{07}b") == "a\u{FFFD}b")
        #expect(UntrustedText.cleaned("a\u{1B}[2J\u{1B}[H\rb") == "a\u{FFFD}b")
        #expect(UntrustedText.cleaned("a\tb") == "a b")
        #expect(UntrustedText.cleaned("\u{301}x") == "\u{25CC}\u{301}x")
    }

    @Test(
        "given any scalar between two letters, when cleaned, then it becomes the mark exactly when it is a control, a line or paragraph separator or a format character; a tab becomes a space; anything else stays"
    )
    func everyScalarBetweenLetters() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar != "\u{1B}" else { continue }  // an escape takes the letter after it
            let text = "a" + String(Character(scalar)) + "b"
            let expected: String
            switch value {
            case 0x09: expected = "a b"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: expected = "a\u{FFFD}b"
            default: expected = scalar.properties.generalCategory == .format ? "a\u{FFFD}b" : text
            }
            if UntrustedText.cleaned(text) != expected { wrong.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) scalars cleaned otherwise, e.g. \(wrong.prefix(5))")
    }

    @Test("given a comment with line breaks, when split into lines, then one line per break, CR LF as one, a lone CR removed")
    func linesSplitAtBreaks() {
        #expect(UntrustedText.lines("one\ntwo\r\nthree") == ["one", "two", "three"])
        #expect(UntrustedText.lines("one\rtwo") == ["one\u{FFFD}two"])
    }

    @Test("given thousands of combining marks on one letter, when cleaned, then the letter keeps a few and a mark shows the cut")
    func marksAreBounded() {
        let cleaned = UntrustedText.cleaned("e" + String(repeating: "\u{301}", count: 5_000))

        #expect(cleaned.unicodeScalars.count == 1 + UntrustedText.maximumMarksPerCharacter + 1)
        #expect(cleaned.unicodeScalars.last == UntrustedText.removalMark)
    }

    @Test("given elements that HTML closes by itself, when rendered, then they have no end tag; a document starts with its doctype")
    func voidElementsAndDocument() {
        #expect(HTML.element("input", ["type": "hidden", "name": "csrf", "value": "abc"]).rendered == "<input type=\"hidden\" name=\"csrf\" value=\"abc\">")
        let page = HTML.document(title: "<T>", head: [], body: [.element("main", ["id": "screen"], [])]).rendered
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>&lt;T&gt;</title>"))
        #expect(page.hasSuffix("<body><main id=\"screen\"></main></body></html>"))
    }

    @Test(
        "given a link from elsewhere, when it is an href, src or form action, then only a path of this app stays; anything else becomes #",
        arguments: [
            ("/events/1", "/events/1"), ("#screen", "#screen"), ("javascript:alert(1)", "#"), (" javascript:alert(1)", "#"),
            ("https://evil.example/", "#"), ("//evil.example/", "#"), ("/\\evil.example", "#"), ("data:text/html,<b>", "#"),
        ])
    func linksStayInTheApp(value: String, shown: String) {
        #expect(HTML.element("a", ["href": value], [.text("x")]).rendered == "<a href=\"\(shown)\">x</a>")
        #expect(HTML.element("form", ["action": value]).rendered == "<form action=\"\(shown)\"></form>")
    }

    @Test("given a file to save, then its link carries it escaped as a data: URL with download; the same URL anywhere but a link's href becomes #")
    func savedFileLink() throws {
        let file = SavedFile(name: "meetup.ics", mediaType: .calendar, text: "BEGIN:VCALENDAR\r\nSUMMARY:Tea & \"cake\" <b>\r\n")
        let link = HTML.link("Add to calendar", saving: file, class: "button quiet").rendered
        let url = "data:text/calendar;charset=utf-8,BEGIN%3AVCALENDAR%0D%0ASUMMARY%3ATea%20%26%20%22cake%22%20%3Cb%3E%0D%0A"

        #expect(link == "<a class=\"button quiet\" href=\"\(url)\" download=\"meetup.ics\">Add to calendar</a>")
        #expect(HTML.element("form", ["action": url]).rendered == "<form action=\"#\"></form>", "a form never posts to a data: URL")
        #expect(HTML.element("img", ["src": url]).rendered == "<img src=\"#\">", "nothing loads one")
        #expect(HTML.element("a", ["href": "data:text/calendar,BEGIN"], [.text("x")]).rendered == "<a href=\"#\">x</a>", "only as SavedFile makes it")
    }

    // Each refusal ends a process of its own, whose crash report takes seconds: two tests, run
    // side by side, rather than one after the other.
    @Test("given a script element written as an ordinary element, when rendered, then it stops: text there would be code")
    func scriptElementsAreRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = HTML.element("script", [.text("alert(1)")])
        }
    }

    @Test("given an event handler written as an ordinary attribute, when rendered, then it stops: text there would be code")
    func eventHandlersAreRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = HTML.element("a", ["onclick": "alert(1)"], [.text("x")])
        }
    }
}
