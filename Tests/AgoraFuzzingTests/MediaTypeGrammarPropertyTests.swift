import AgoraFuzzing
import Foundation
import Testing

/// The media-type check holds by property over Unicode, not by example: a header the OpenAPI
/// runtime parses passes only when it matches RFC 9110's grammar, whatever scalar is slipped in
/// where. Each accepted value is parsed as the runtime does, so a trap would end this test.
/// One at a time: each walks a million scalars on a core of its own.
@Suite("Security: media-type headers match RFC 9110's grammar, over every scalar", .serialized)
struct MediaTypeGrammarPropertyTests {
    /// Media types that repeat a parameter in another letter case: the runtime traps on each
    /// once the repetition reaches it.
    static let repeatingTypes = [
        "application/json; charset=utf-8; Charset=utf-8",
        "application/json;charset=utf-8;CHARSET=\"utf-8\"",
    ]

    /// Every whitespace, separator, control and format scalar, and the tag characters: the ones a
    /// parser may trim, skip or treat as a boundary.
    static let slippery: [Unicode.Scalar] = allScalars.filter { scalar in
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        }
    }

    /// RFC 9110's `tchar`.
    static let tokenCharacters = Set("!#$%&'*+-.^_`|~abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)

    static let allScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test("given a media type that repeats a parameter, when any slippery scalar is inserted at any position, then Content-Type and Accept are both refused")
    func repeatedParameterIsRefusedWhateverIsInserted() async {
        #expect(Self.slippery.count > 400)
        let passed = await onThreadOfItsOwn { () -> [String] in
            var passed: [String] = []
            for type in Self.repeatingTypes {
                let scalars = Array(type.unicodeScalars)
                for position in 0...scalars.count {
                    for inserted in Self.slippery {
                        var view = String.UnicodeScalarView()
                        view.append(contentsOf: scalars[..<position])
                        view.append(inserted)
                        view.append(contentsOf: scalars[position...])
                        let value = String(view)
                        let outcome = RequestHeadersFuzzTarget.check(contentType: value, accept: value)
                        if outcome.refusal == nil { passed.append(value.debugDescription) }
                        passed += RequestHeadersFuzzTarget.brokenPromises(in: outcome)
                    }
                }
            }
            return passed
        }
        #expect(passed == [])
    }

    @Test(
        "given any Unicode scalar after a parameter's ';', then the Content-Type passes exactly when the header holds what the grammar allows there: a space, a tab, a ';' or a token character"
    )
    func afterASemicolonOnlyTheGrammarPasses() async {
        let wrong = await onThreadOfItsOwn { () -> [String] in
            let allowed = Set(" \t;".unicodeScalars).union(Self.tokenCharacters)
            var wrong: [String] = []
            for scalar in Self.allScalars {
                let outcome = RequestHeadersFuzzTarget.check(contentType: "application/json;\(scalar)charset=utf-8", accept: nil)
                // The header fields turn NUL, CR and LF into spaces: what is judged is what they hold.
                let held = Array((outcome.contentType ?? "").unicodeScalars)
                let grammatical = held.count == 31 && allowed.contains(held[17])
                if (outcome.refusal == nil) != grammatical { wrong.append(scalar.escaped(asASCII: true)) }
            }
            return wrong
        }
        #expect(wrong == [])
    }

    @Test("given any Unicode scalar inside a parameter's name or value, then the Content-Type passes exactly when the scalar is a token character")
    func namesAndValuesAreTokens() async {
        let wrong = await onThreadOfItsOwn { () -> [String] in
            var wrong: [String] = []
            for scalar in Self.allScalars {
                for value in ["application/json; char\(scalar)set=utf-8", "application/json; charset=utf\(scalar)8"] {
                    let refused = RequestHeadersFuzzTarget.check(contentType: value, accept: nil).refusal != nil
                    if refused == Self.tokenCharacters.contains(scalar) { wrong.append("\(value.debugDescription)") }
                }
            }
            return wrong
        }
        #expect(wrong == [])
    }

    @Test(
        "given well-formed headers, then they pass",
        arguments: [
            "application/json", "Application/JSON; Charset=utf-8", "application/json ; charset=utf-8 ",
            "application/json;;charset=\"utf-8\"", "text/plain;\tformat=flowed",
        ]
    )
    func wellFormedPasses(value: String) {
        #expect(RequestHeadersFuzzTarget.check(contentType: value, accept: "application/json;q=0.9, */*;q=0.1,,").refusal == nil)
    }

    @Test(
        "given a quoted value holding a delimiter the runtime splits at, or an unclosed quote, then it is refused",
        arguments: [
            "application/json; a=\"x;A=1\"", "application/json; a=\"x,y\"", "application/json; a=\"x=y\"", "application/json; a=\"x\\\"\"",
            "application/json; a=\"x",
        ]
    )
    func quotedDelimitersAreRefused(value: String) {
        #expect(RequestHeadersFuzzTarget.check(contentType: value, accept: nil).refusal?.field == "Content-Type")
    }

    @Test("given a refusal for a non-ASCII scalar, then its reason names the scalar's code point, not the scalar")
    func reasonNamesTheCodePoint() throws {
        let refusal = try #require(RequestHeadersFuzzTarget.check(contentType: "application/json;\u{3000}charset=utf-8", accept: nil).refusal)
        #expect(refusal.reason.contains("U+3000"))
        #expect(!refusal.reason.unicodeScalars.contains("\u{3000}"))
    }
}

/// Runs `work` on a thread of its own and returns its result: a check over a million scalars
/// takes seconds, and on the cooperative pool it would hold one of its few threads from every
/// other test (a server's deadline, a client's wait) for that long.
private func onThreadOfItsOwn<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
