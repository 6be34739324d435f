@testable import ArchitectureChecks
import Testing

@Suite("Documents name only types and members that exist; the walk has at most twelve steps")
struct ArticleCheckTests {
    static let walk = ArticleCheck.walkArticle
    static let declared: ArticleCheck.Declarations = {
        var declared = ArticleCheck.Declarations()
        declared.read(
            """
            public struct Route {
                public init(path: String) {}
            }
            final class CommentsViewModel {
                public struct Dependency {}
                // class NotDeclared, only in a comment
                let text = "enum AlsoNotDeclared"
                func viewDidLoad() {}
            }
            protocol CommentsLoadable {
                func cachedEventTitle(eventID: Int) async -> String?
            }
            enum LoginResult { case loggedIn(String), challenged }
            final class TemplateItemsUseCase { func fetchTemplateItems() {} }
            """)
        return declared
    }()

    func violations(_ text: String, path: String = walk) -> [String] {
        ArticleCheck.violations(path: path, text: text, declared: Self.declared).map { "\($0.line ?? 0) \($0.module) \($0.rule)" }
    }

    @Test("given Swift source, when read, then its declared types and members count, nested included, and ones in comments or strings do not")
    func declarations() {
        #expect(Self.declared.types == ["Route", "CommentsViewModel", "Dependency", "CommentsLoadable", "LoginResult", "TemplateItemsUseCase"])
        #expect(Self.declared.members == ["text", "viewDidLoad", "cachedEventTitle", "loggedIn", "challenged", "fetchTemplateItems"])
    }

    @Test("given an article naming declared types and members, routes, commands, files and prose in backticks, when checked, then nothing is reported")
    func clean() {
        let text = """
            1. ``Route`` — `events/{id}/comments`, from `open agora://events/1/comments`.
            2. `CommentsViewModel.Dependency` and `CommentsLoadable.cachedEventTitle(eventID:)`; ``Route/init(path:)``.
            3. `LoginResult.loggedIn`, `CommentsViewModel.self`, `Package.swift`, `Scripts/test`, `README.md`.
            12. `GET /events/1/comments`, `Scripts/check-architecture`, `viewDidLoad()`.
            """
        #expect(violations(text).isEmpty)
    }

    @Test("given an article naming a type that was renamed away, when checked, then it is reported on its line, alone")
    func missingType() {
        let text = """
            1. ``Route``
            2. `CommentsScreen` draws ``ListRows`` of `CommentsViewModel.Row`.
            """
        #expect(violations(text) == ["2 CommentsScreen articleNamesMissingType", "2 ListRows articleNamesMissingType", "2 Row articleNamesMissingType"])
    }

    @Test("given a README naming a member that was removed, in a path or a symbol link, when checked, then each is reported")
    func missingMember() {
        let text = """
            Bind with `Output.assign(to:on:)` or ``CommentsViewModel/refresh()``; `CommentsViewModel.viewDidLoad()` stays.
            """
        #expect(
            violations(text, path: "Modules/README.md") == [
                "1 Output articleNamesMissingType", "1 assign articleNamesMissingMember", "1 refresh articleNamesMissingMember",
            ])
    }

    @Test("given the example feature's names, when checked, then each is read as the template's it is made from")
    func exampleFeature() {
        #expect(violations("`PollsUseCase.fetchPolls()` and `PollsViewModel.vote(_:)`") == ["1 TemplateItemsViewModel articleNamesMissingType", "1 vote articleNamesMissingMember"])
    }

    @Test("given single words in backticks, then one capitalised word is a type only in a symbol link, and capitals alone are never one")
    func singleWords() {
        #expect(violations("`Host`, `Earlier`, `AGORA_PORT`, `SELECT`, ``Host``") == ["1 Host articleNamesMissingType"])
    }

    @Test("given a walk of thirteen steps, when checked, then the thirteenth is reported; in another document a numbered list is prose")
    func tooLong() {
        let text = (1...13).map { "\($0). a step" }.joined(separator: "\n")
        #expect(violations(text) == ["13 13 walkTooLong(maximum: 12)"])
        #expect(violations(text, path: "Modules/README.md").isEmpty)
    }
}
