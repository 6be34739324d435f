/// The names a new feature gets, all derived from the one the user typed ("StudyGroups") and
/// checked to be valid Swift before anything is planned.
public struct FeatureName: Sendable, Equatable {
    /// The module and the prefix of its types: `StudyGroups`.
    public let name: String
    /// The domain model one row shows: `StudyGroup`.
    public let item: String

    /// The longest name accepted: longer ones make unreadable type names.
    public static let maximumLength = 40

    /// Checks `name` (and `item`, or the singular derived from `name`) and derives the rest.
    ///
    /// - Throws: ``ScaffoldingError`` naming what is wrong: not an identifier, not UpperCamelCase,
    ///   a reserved word, a toolchain module, too long.
    public init(_ name: String, item: String? = nil) throws(ScaffoldingError) {
        try Self.check(name, role: "feature name", example: "Polls")
        guard !name.hasSuffix("Tests") else {
            throw ScaffoldingError("'\(name)' ends in 'Tests', which SwiftPM reserves for test targets; choose a name without it, e.g. Polls")
        }
        guard !SwiftNames.systemModules.contains(name) else {
            throw ScaffoldingError("'\(name)' is a module of the Swift toolchain; choose another name, e.g. Polls")
        }
        self.name = name
        let lower = Self.lowerCamel(name)
        guard !SwiftNames.keywords.contains(lower) else {
            throw ScaffoldingError("'\(name)' would make the route `.\(lower)`, a Swift reserved word; choose another name, e.g. Polls")
        }
        let item = item ?? Self.singular(of: name)
        try Self.check(item, role: "item type name", example: "Poll")
        guard item != name else {
            throw ScaffoldingError("the item type '\(item)' must differ from the feature name '\(name)'; pass --item with a singular, e.g. --item Poll")
        }
        guard !SwiftNames.commonTypes.contains(item) else {
            throw ScaffoldingError("the item type '\(item)' would hide Swift's or Foundation's \(item) in every feature; pass --item with another name, e.g. --item Poll")
        }
        self.item = item
    }

    /// Names known to be valid: the template's (``FeatureTemplate``).
    init(template name: String, item: String) {
        self.name = name
        self.item = item
    }

    private static func check(_ text: String, role: String, example: String) throws(ScaffoldingError) {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        guard !text.isEmpty else {
            throw ScaffoldingError("the \(role) is empty; give one in UpperCamelCase, e.g. \(example)")
        }
        guard text.unicodeScalars.allSatisfy(\.isASCII) else {
            throw ScaffoldingError("'\(shown)' has characters outside ASCII; module, type and file names here use ASCII letters and digits in UpperCamelCase, e.g. \(example)")
        }
        guard SwiftNames.isIdentifier(text) else {
            throw ScaffoldingError("'\(shown)' is not a Swift identifier; use ASCII letters and digits in UpperCamelCase, e.g. \(example)")
        }
        guard !SwiftNames.keywords.contains(text) else {
            throw ScaffoldingError("'\(text)' is a Swift reserved word; choose another \(role), e.g. \(example)")
        }
        guard SwiftNames.isUpperCamelCase(text) else {
            throw ScaffoldingError("'\(shown)' is not UpperCamelCase; start with a capital letter and use only letters and digits, e.g. \(example)")
        }
        guard text.count <= maximumLength else {
            throw ScaffoldingError("'\(shown)' is \(text.count) characters long; keep the \(role) to \(maximumLength) at most")
        }
    }

    /// "Polls" → "Poll", "Activities" → "Activity", "Chat" → "ChatItem".
    static func singular(of name: String) -> String {
        if name.hasSuffix("ies"), name.count > 4 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 2 { return String(name.dropLast()) }
        return name + "Item"
    }

    /// "StudyGroups" → "studyGroups", "URLPreviews" → "urlPreviews".
    static func lowerCamel(_ name: String) -> String {
        var words = SwiftNames.words(name)
        guard !words.isEmpty else { return name }
        words[0] = words[0].lowercased()
        return words.joined()
    }

    /// Words for prose: "study groups", "URL previews".
    private static func phrase(_ name: String) -> String {
        SwiftNames.words(name).map { SwiftNames.isAcronym($0) ? $0 : $0.lowercased() }.joined(separator: " ")
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    // MARK: Derived names

    /// The route's case and the prefix of values: `studyGroups`.
    public var lowerName: String { Self.lowerCamel(name) }
    /// The route's path: `study-groups` (`agora://study-groups`).
    public var pathSegment: String { SwiftNames.words(name).map { $0.lowercased() }.joined(separator: "-") }
    /// The route's link.
    public var url: String { "agora://\(pathSegment)" }
    /// In prose: "study groups".
    public var phrase: String { Self.phrase(name) }
    /// At the start of a line: "Study groups".
    public var title: String { Self.capitalized(phrase) }
    /// One item in prose: "study group".
    public var itemPhrase: String { Self.phrase(item) }
    /// One item at the start of a line: "Study group".
    public var itemTitle: String { Self.capitalized(itemPhrase) }
    /// "Polls'", "Chat's": for "Polls' UseCase".
    public var possessive: String { name.hasSuffix("s") ? "\(name)'" : "\(name)'s" }
    /// The REPL view's target: `StudyGroupsREPL`.
    public var replTarget: String { "\(name)REPL" }

    /// The web view's target: `StudyGroupsWeb`.
    public var webTarget: String { "\(name)Web" }
    /// The test target: `StudyGroupsTests`.
    public var testTarget: String { "\(name)Tests" }
    /// The transcript's file name, without extension: `study-groups`.
    public var transcriptName: String { pathSegment }

}
