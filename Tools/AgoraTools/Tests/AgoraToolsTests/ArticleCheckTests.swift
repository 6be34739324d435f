@testable import ArchitectureChecks
import Testing

@Suite("The walk article names only types that exist, in at most twelve steps")
struct WalkArticleCheckTests {
    static let path = "Modules/Core/AgoraArchitecture/AgoraArchitecture.docc/FollowingOneCommand.md"
    static let declared = WalkArticleCheck.declaredTypes(
        in: """
            public struct Route {}
            final class CommentsViewModel {
                public struct Dependency {}
                // class NotDeclared, only in a comment
                let text = "enum AlsoNotDeclared"
            }
            protocol CommentsLoadable {}
            """)

    func violations(_ text: String) -> [String] {
        WalkArticleCheck.violations(path: Self.path, text: text, declared: Self.declared).map { "\($0.line ?? 0) \($0.module) \($0.rule)" }
    }

    @Test("given Swift source, when its types are read, then declared ones count, nested included, and ones in comments or strings do not")
    func declaredTypes() {
        #expect(Self.declared == ["Route", "CommentsViewModel", "Dependency", "CommentsLoadable"])
    }

    @Test("given an article naming declared types, symbol paths, routes and prose in backticks, when checked, then nothing is reported")
    func clean() {
        let text = """
            1. ``Route`` — `events/{id}/comments`, from `open agora://events/1/comments`.
            2. `CommentsViewModel.Dependency` and `CommentsLoadable.cachedEventTitle(eventID:)`; ``Route/init(path:)``.
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

    @Test("given a walk of thirteen steps, when checked, then the thirteenth is reported")
    func tooLong() {
        let text = (1...13).map { "\($0). a step" }.joined(separator: "\n")
        #expect(violations(text) == ["13 13 walkTooLong(maximum: 12)"])
    }
}
