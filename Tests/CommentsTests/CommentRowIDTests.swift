import AgoraArchitecture
import Testing

@testable import Comments

/// A row's id as text: what a web form's path and the REPL's `send` carry, read back to the id.
@Suite("CommentRow.ID as text")
struct CommentRowIDTests {
    @Test("given a comment's and a draft's id, when written and read back, then each is the same id")
    func roundTrips() {
        for id in [CommentRow.ID.comment(42), .comment(0), .draft(7), .draft(1_234_567)] {
            #expect(CommentRow.ID(id.description) == id, "\(id)")
            #expect(CommentRow.ID(inputArgument: id.description) == id, "\(id)")
        }
        #expect(CommentRow.ID.comment(42).description == "42")
        #expect(CommentRow.ID.draft(7).description == "draft-7")
    }

    @Test(
        "given text that names no row, when read, then it is no id",
        arguments: [
            "", "draft-", "draft", "-1", "+1", "4 2", "42 ", "draft-x", "draft--1", "Draft-7", "draft-+7", "٤٢", "99999999999999999999",
        ])
    func refusesOtherText(_ text: String) {
        #expect(CommentRow.ID(text) == nil)
    }

    @Test("the inputs list the type by its name, and say what an id is")
    func describesItself() {
        #expect(CommentRow.ID.typeName == "CommentRow.ID")
        #expect(CommentRow.ID.expectation == "a comment's id (42), or an unsent comment's (draft-7)")
    }
}
