/// Facts about Swift names the scaffolder checks a new name against.
enum SwiftNames {
    /// Keywords that cannot name a module, a type or an enum case without backticks.
    static let keywords: Set<String> = [
        // declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        // expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "some", "any",
    ]

    /// Modules of the toolchain: a module of that name would hide or clash with it.
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "Android",
        "XCTest", "Testing", "Synchronization", "Observation", "RegexBuilder", "Distributed", "Cxx",
        "PackageDescription", "PackagePlugin", "SwiftShims",
    ]

    /// Types of the standard library, Foundation and swift-testing that every module sees: a
    /// model of that name in AgoraModels would shadow them in every feature.
    static let commonTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Set",
        "Optional", "Result", "Error", "Never", "Void", "Task", "Range", "Sequence", "Collection",
        "Identifiable", "Hashable", "Sendable", "Codable", "Encodable", "Decodable", "Equatable", "Comparable",
        "Actor", "MainActor", "Duration", "Clock", "Regex", "Mutex", "Atomic", "Date", "Data", "URL", "UUID",
        "Locale", "TimeZone", "Calendar", "Decimal", "Measurement", "Unit", "Notification", "Operation",
        "Process", "Thread", "Timer", "Bundle", "Progress", "Scanner", "Host", "Port", "Stream", "Pipe",
        "FileHandle", "FileManager", "ProcessInfo", "URLSession", "Predicate", "Expression",
        "AttributedString", "Test", "Suite", "Tag", "Trait", "Issue", "Comment", "Confirmation",
        "Element", "Index", "Iterator", "Key", "Value", "Observable", "Observation",
    ]

    /// Whether `text` is an ASCII identifier in UpperCamelCase: a capital letter, then letters
    /// and digits.
    static func isUpperCamelCase(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Whether `text` is an identifier at all (letters, digits, `_`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// "StudyGroups" → ["Study", "Groups"]; "URLPreviews" → ["URL", "Previews"].
    static func words(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if !current.isEmpty, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A capital starts a word after a lower-case letter or digit ("studyGroups"), or
                // ends an acronym when a lower-case letter follows ("URLPreviews").
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether a word is an acronym, kept in capitals in prose ("URL").
    static func isAcronym(_ word: String) -> Bool {
        word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
    }
}
