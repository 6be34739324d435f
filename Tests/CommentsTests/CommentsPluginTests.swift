@testable import Comments
import Testing

@MainActor
@Suite("Comments plugin")
struct CommentsPluginTests {
    @Test("the plugin names its feature")
    func name() {
        #expect(CommentsPlugin().name == "Comments")
    }
}
