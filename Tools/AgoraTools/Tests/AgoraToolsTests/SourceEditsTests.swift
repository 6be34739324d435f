@testable import FeatureScaffolding
import Testing

@Suite("Source edits at known places")
struct SourceEditsTests {
    @Test("given a one-element-a-line array, when an element is appended, then it goes last with the same indentation")
    func appendMultiline() throws {
        let text = "let features = [\n    \"Auth\",\n    \"Events\",\n]\n"
        let edited = try SourceEdits.appendingElement("\"Polls\"", toArrayAfter: ["let features = ["], in: text, file: "Package.swift")
        #expect(edited == "let features = [\n    \"Auth\",\n    \"Events\",\n    \"Polls\",\n]\n")
    }

    @Test("given a last element with no comma, when an element is appended, then the previous one gets its comma")
    func appendAddsComma() throws {
        let text = "let features = [\n    \"Auth\",\n    \"Events\"\n]\n"
        let edited = try SourceEdits.appendingElement("\"Polls\"", toArrayAfter: ["let features = ["], in: text, file: "Package.swift")
        #expect(edited == "let features = [\n    \"Auth\",\n    \"Events\",\n    \"Polls\",\n]\n")
    }

    @Test("given a one-line array, when an element is appended, then it stays on that line")
    func appendInline() throws {
        let text = "let routes = [Route.events, .login]\nlet empty = []\n"
        let edited = try SourceEdits.appendingElement(".polls", toArrayAfter: ["let routes = ["], in: text, file: "T.swift")
        #expect(edited == "let routes = [Route.events, .login, .polls]\nlet empty = []\n")
        let emptied = try SourceEdits.appendingElement(".polls", toArrayAfter: ["let empty = ["], in: text, file: "T.swift")
        #expect(emptied == "let routes = [Route.events, .login]\nlet empty = [.polls]\n")
    }

    @Test("given anchors in sequence, when an element is appended, then the array is the one after the last anchor")
    func anchorsInSequence() throws {
        let text = "static var all: [any FeaturePlugin] {\n    [\n        AuthPlugin(),\n    ]\n}\n"
        let edited = try SourceEdits.appendingElement("PollsPlugin()", toArrayAfter: ["static var all", "{", "["], in: text, file: "AgoraPlugins.swift")
        #expect(edited == "static var all: [any FeaturePlugin] {\n    [\n        AuthPlugin(),\n        PollsPlugin(),\n    ]\n}\n")
    }

    @Test("given braces in strings and comments, when inserting before a closing brace, then only code braces count")
    func bracesInStringsAndComments() throws {
        let text = """
        public enum Route {
            // a } in a comment
            case events
            /* and { in a block */
            static let text = "}{"
        }
        extension Route {}

        """
        let edited = try SourceEdits.insertingBeforeClosingBrace("    case polls\n", of: "public enum Route", in: text, file: "Route.swift")
        #expect(edited.contains("static let text = \"}{\"\n    case polls\n}\nextension Route {}"))
    }

    @Test("given an import block, when an import is added, then it goes in alphabetical order")
    func importOrder() throws {
        let text = "import Auth\nimport Events\n\nlet x = 1\n"
        #expect(try SourceEdits.addingImport("Comments", in: text, file: "A.swift") == "import Auth\nimport Comments\nimport Events\n\nlet x = 1\n")
        #expect(try SourceEdits.addingImport("Polls", in: text, file: "A.swift") == "import Auth\nimport Events\nimport Polls\n\nlet x = 1\n")
    }

    @Test("given a file without the place, when edited, then the error names the file and what was looked for")
    func missingAnchor() {
        #expect(throws: ScaffoldingError("Package.swift has no 'let features = [' where a new feature adds itself; restore it (see Tools/README.md) or add the feature by hand")) {
            try SourceEdits.appendingElement("\"Polls\"", toArrayAfter: ["let features = ["], in: "let modules = []\n", file: "Package.swift")
        }
    }

    @Test("given source text, when declared names are listed, then comments and strings do not count")
    func declaredNames() {
        let text = """
        struct Event {}
        // class NotReal
        let text = "enum AlsoNotReal"
        protocol `Type`: Sendable {}
        typealias ID = Int
        """
        #expect(SourceText(text).declaredNames(after: ["struct", "class", "enum", "protocol", "typealias"]) == ["Event", "Type", "ID"])
    }
}
