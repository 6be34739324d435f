import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("Structural diffs in failures")
struct StructuralDiffTests {
    struct Row: Equatable {
        var title: String
        var venue: String
    }

    @Test("given two lists of rows that differ in one field, then the diff shows that field, marked, and not the fields that agree")
    func diffShowsTheField() throws {
        let expected = [Row(title: "Swift on Linux", venue: "Hall A"), Row(title: "Testing", venue: "Room 2")]
        let actual = [Row(title: "Swift on Linux", venue: "Hall A"), Row(title: "Testing", venue: "Room 3")]

        let text = try #require(StructuralDiff.text(actual, expected))

        // The first column marks a line: "−" (U+2212) for expected, "+" for actual.
        let changed = text.split(separator: "\n").filter { $0.hasPrefix("−") || $0.hasPrefix("+") }
        #expect(changed.count == 2, "\(text)")
        #expect(changed.contains { $0.hasPrefix("−") && $0.contains("venue: \"Room 2\"") }, "\(text)")
        #expect(text.contains("[0]: StructuralDiffTests.Row(…)"), "the row that agrees is folded: \(text)")
        #expect(changed.contains { $0.hasPrefix("+") && $0.contains("venue: \"Room 3\"") }, "\(text)")
        #expect(StructuralDiff.text(expected, expected) == nil)
    }

    @Test("given a recorder whose values differ from those asserted, then the failure carries the diff")
    func recorderFailureCarriesTheDiff() {
        let source = OutputSource(Row(title: "Swift on Linux", venue: "Hall A"))
        let recorder = Recorder(source.output)
        source.send(Row(title: "Swift on Linux", venue: "Hall B"))

        withKnownIssue {
            recorder.assertValues([Row(title: "Swift on Linux", venue: "Hall A"), Row(title: "Swift on Linux", venue: "Hall C")])
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("venue: \"Hall C\"") && text.contains("venue: \"Hall B\"") && !text.contains("title: \"Swift on Linux\"\n+")
        }
    }
}
