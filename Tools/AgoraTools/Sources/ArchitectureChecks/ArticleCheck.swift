import Foundation

/// Checks the documents that explain the code, so they cannot drift from it: every type and
/// member an article or a module's README names as a symbol in backticks (`CommentsUseCase`,
/// ``PagedList``, `CommentsViewModel.Dependency`, `ListRows.totalCount`) is declared in the
/// package, and the walk of one request has at most ``maximumSteps`` steps.
///
/// A member is checked by its name alone (some type of the package declares it), not by the
/// type it follows: that catches a member renamed or removed, which is how documents drift. A
/// name of the example feature the documents scaffold (`PollsUseCase`, `MockData.polls`) is
/// checked as the template's that it is made from (`TemplateItemsUseCase`,
/// `MockData.templateItems`). What is not the package's own is named in ``externalNames``.
enum ArticleCheck {
    /// The article that walks one request through the code, relative to the package root.
    static let walkArticle = "Modules/Core/AgoraHosting/AgoraHosting.docc/FollowingOneCommand.md"
    /// The folders whose Markdown files are checked: the modules' articles and READMEs, and the
    /// apps'.
    static let folders = ["Modules", "Apps"]
    /// The most steps a numbered walk may have: the architecture fits in one head.
    static let maximumSteps = 12
    /// Members every type has without declaring them.
    static let implicitMembers: Set<String> = ["init", "self", "Type", "rawValue", "allCases", "description", "hashValue"]
    /// The example feature's name in the documents, and the template's it is scaffolded from.
    static let exampleFeature = (example: "Poll", template: "TemplateItem")
    /// The names documents use that the package does not declare: the standard library's and
    /// the toolchain's modules and types, the dependencies' the text speaks of, the compiler's
    /// feature flags, and a cookie's attribute.
    static let externalNames: Set<String> = [
        "Foundation", "FoundationNetworking", "Glibc", "Observation", "Observations", "Observable", "SwiftUI", "Testing", "XCTest",
        "String", "StaticString", "Sendable", "Identifiable", "Hashable", "Equatable", "Codable", "AsyncSequence", "Mutex",
        "GRDB", "Hummingbird", "RouterMiddleware", "ConfigReader", "EnvironmentVariablesProvider", "FileProvider",
        "NonisolatedNonsendingByDefault", "HttpOnly",
    ]

    /// What the package declares, which its documents may name.
    struct Declarations: Sendable {
        /// Its types, and its modules' names.
        var types: Set<String> = []
        var members: Set<String> = []

        /// Adds what `source` (a Swift file) declares, nested types included; comments and
        /// string literals are not read. With `members` false, only its types (a test's: the
        /// documents name tests, never their members).
        mutating func read(_ source: String, members readsMembers: Bool = true) {
            // One pass of each expression over the file's code, its parts joined: a match per
            // part costs far more on a thousand files.
            let code = SwiftTextParts(source).code.map(\.text).joined(separator: "\n")
            types.formUnion(Self.captures(of: Self.typeDeclaration, in: code))
            guard readsMembers else { return }
            members.formUnion(Self.captures(of: Self.memberDeclaration, in: code))
            // Enum cases, several to a line (`case loggedIn(Session), loggedOut`); a switch's
            // `case .name:` starts with a dot and declares nothing.
            for list in Self.captures(of: Self.caseDeclaration, in: code) {
                for piece in list.split(separator: ",") {
                    let name = piece.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty { members.insert(String(name)) }
                }
            }
        }

        // NSRegularExpression, not Swift's Regex: over every file of the package, several
        // times faster here.
        private static let typeDeclaration = expression(#"\b(?:struct|class|enum|protocol|actor|typealias|associatedtype)\s+([A-Za-z_]\w*)"#)
        private static let memberDeclaration = expression(#"\b(?:func|var|let)\s+`?([A-Za-z_]\w*)"#)
        private static let caseDeclaration = expression(#"\bcase\s+([A-Za-z_][^:=\n]*)"#)

        private static func expression(_ pattern: String) -> NSRegularExpression {
            do {
                return try NSRegularExpression(pattern: pattern)
            } catch {
                preconditionFailure("\(pattern): \(error)")
            }
        }

        /// The first capture group of each match of `expression` in `text`.
        private static func captures(of expression: NSRegularExpression, in text: String) -> [String] {
            let whole = NSRange(text.startIndex..., in: text)
            return expression.matches(in: text, range: whole).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
    }

    /// The violations in one article (path relative to the root, and its text).
    static func violations(path: String, text: String, declared: Declarations) -> [ArchitectureViolation] {
        var violations: [ArchitectureViolation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if path == walkArticle, let step = line.wholeMatch(of: #/(\d+)\. .*/#).flatMap({ Int($0.output.1) }), step > maximumSteps {
                violations.append(ArchitectureViolation(file: path, line: index + 1, module: String(step), rule: .walkTooLong(maximum: maximumSteps)))
            }
            for var symbol in symbolNames(in: line) {
                symbol.name = asTemplate(symbol.name)
                if symbol.isMember {
                    guard !declared.members.contains(symbol.name), !implicitMembers.contains(symbol.name) else { continue }
                    violations.append(ArchitectureViolation(file: path, line: index + 1, module: symbol.name, rule: .articleNamesMissingMember))
                } else if !declared.types.contains(symbol.name), !externalNames.contains(symbol.name) {
                    violations.append(ArchitectureViolation(file: path, line: index + 1, module: symbol.name, rule: .articleNamesMissingType))
                }
            }
        }
        return violations
    }

    /// `name` with the example feature's name as the template's (`fetchPolls` →
    /// `fetchTemplateItems`).
    static func asTemplate(_ name: String) -> String {
        let (example, template) = exampleFeature
        return name.replacing(example, with: template).replacing(example.lowercased(), with: template.prefix(1).lowercased() + template.dropFirst())
    }

    /// A name in a symbol path: a type (capitalised), or a member of the one before it.
    struct Symbol: Equatable {
        var name: String
        var isMember: Bool
    }

    /// The names in a line's code spans that are a symbol path and nothing else
    /// (`CommentsLoadable.cachedEventTitle(eventID:)`, ``ApplicationCoordinator/present(_:)``):
    /// each capitalised component as a type, each other one after the first as a member. A span
    /// of prose, a command or a file names none: single backticks around a `/` hold a path
    /// (`Scripts/test`), as do names with a file's extension (`Package.swift`); capitals alone
    /// are an environment variable or a keyword (`AGORA_PORT`, `SELECT`); and one capitalised
    /// word in single backticks may as well be a header, a label or a folder (`Host`,
    /// `Earlier`, `Models`), so only a symbol link (``Route``) or a name in camel case
    /// (`PagedList`) is read as a type.
    static func symbolNames(in line: Substring) -> [Symbol] {
        var symbols: [Symbol] = []
        for span in line.matches(of: #/(``?)([^`]+)(``?)/#) {
            let isSymbolLink = span.output.1 == "``"
            let path = span.output.2
            guard path.wholeMatch(of: #/[A-Z]\w*(?:[.\/][A-Za-z_]\w*(?:\([\w:]*\))?)*/#) != nil else { continue }
            if !isSymbolLink, path.contains("/") { continue }
            if let fileExtension = path.split(separator: ".").last, path.contains("."), fileExtensions.contains(String(fileExtension)) { continue }
            if path.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) { continue }
            if !isSymbolLink, path.wholeMatch(of: #/[A-Z][a-z0-9]*/#) != nil { continue }
            for (position, component) in path.split(whereSeparator: { $0 == "." || $0 == "/" }).enumerated() {
                let name = String(component.prefix { $0 != "(" })
                if name.first?.isUppercase == true {
                    symbols.append(Symbol(name: name, isMember: false))
                } else if position > 0 {
                    symbols.append(Symbol(name: name, isMember: true))
                }
            }
        }
        return symbols
    }

    /// The extensions of the files documents name in backticks.
    static let fileExtensions: Set<String> = ["swift", "md", "yaml", "yml", "json", "html", "css", "js", "py", "sql", "txt", "sh", "conf", "toml", "plist"]
}
