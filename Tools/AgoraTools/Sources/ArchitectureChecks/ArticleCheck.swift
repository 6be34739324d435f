/// Checks the article that walks one request through the code, so it cannot drift from it: every
/// type it names in backticks (`CommentsUseCase`, ``PagedList``, `CommentsViewModel.Dependency`)
/// is declared in one of the package's modules or apps, and a numbered walk has at most
/// ``maximumSteps`` steps.
enum WalkArticleCheck {
    /// The articles checked, relative to the package root.
    static let articles = ["Modules/Core/AgoraArchitecture/AgoraArchitecture.docc/FollowingOneCommand.md"]
    /// The most steps a numbered walk may have: the architecture fits in one head.
    static let maximumSteps = 12

    /// The type names `source` (a Swift file) declares, nested ones included; comments and
    /// string literals are not read.
    static func declaredTypes(in source: String) -> Set<String> {
        var names: Set<String> = []
        for part in SwiftTextParts(source).code {
            for match in part.text.matches(of: #/\b(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#) {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    /// The violations in one article (path relative to the root, and its text), against the
    /// types the package declares.
    static func violations(path: String, text: String, declared: Set<String>) -> [ArchitectureViolation] {
        var violations: [ArchitectureViolation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let step = line.wholeMatch(of: #/(\d+)\. .*/#).flatMap({ Int($0.output.1) }), step > maximumSteps {
                violations.append(ArchitectureViolation(file: path, line: index + 1, module: String(step), rule: .walkTooLong(maximum: maximumSteps)))
            }
            for name in typeNames(in: line) where !declared.contains(name) {
                violations.append(ArchitectureViolation(file: path, line: index + 1, module: name, rule: .articleNamesMissingType))
            }
        }
        return violations
    }

    /// The type names in a line's code spans: in a span that is a symbol path and nothing else
    /// (`CommentsLoadable.cachedEventTitle(eventID:)`, `ApplicationCoordinator/present(_:)`),
    /// each capitalised component. A span of prose or a path (`events/{id}/comments`) names none.
    static func typeNames(in line: Substring) -> [String] {
        var names: [String] = []
        for span in line.matches(of: #/``?([^`]+)``?/#) {
            let symbol = span.output.1
            guard symbol.wholeMatch(of: #/[A-Z]\w*(?:[.\/][A-Za-z_]\w*(?:\([\w:]*\))?)*/#) != nil else { continue }
            for component in symbol.split(whereSeparator: { $0 == "." || $0 == "/" }) {
                let name = component.prefix { $0 != "(" }
                if name.first?.isUppercase == true { names.append(String(name)) }
            }
        }
        return names
    }
}
