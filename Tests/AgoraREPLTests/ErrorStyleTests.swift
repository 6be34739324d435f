import Foundation
import Testing

/// Every error is written one way: `error: `, then one sentence that starts with a capital (or
/// with a command, a link or what was typed, quoted) and ends with a full stop or a question mark.
@Suite("Errors: one style")
struct ErrorStyleTests {
    /// Whether `message`, the text after `error: `, is one sentence as errors are written.
    static func isSentence(_ message: String) -> Bool {
        guard let first = message.first, let last = message.last else { return false }
        let startsWell = first.isUppercase || first.isNumber || "`'\"-".contains(first)
        return startsWell && ".?".contains(last) && !message.contains("\n")
    }

    @Test("the style itself: a capital or a quote first, a full stop last")
    func style() {
        #expect(Self.isSentence("There is no previous screen."))
        #expect(Self.isSentence("`rsvp` takes 'yes' or 'no', got 'maybe'."))
        #expect(!Self.isSentence("there is no previous screen"))
        #expect(!Self.isSentence("Not found: event 999"))
    }

    @Test("every error in the transcripts is one such sentence", arguments: Transcript.names)
    func transcriptErrors(name: String) throws {
        let url = Transcript.folder.appendingPathComponent("\(name).transcript")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("error: ") {
            #expect(Self.isSentence(String(line.dropFirst("error: ".count))), "\(name): \(line)")
        }
    }
}
