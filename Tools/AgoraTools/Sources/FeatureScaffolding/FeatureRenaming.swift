/// Rewrites the template feature's text as a new feature's: every form of the template's name
/// (``FeatureName``: `TemplateItems`, `TemplateItem`, `templateItems`, `template-items`,
/// "template items", "Template item"…) becomes the same form of the new name.
///
/// A form is replaced only where it stands whole, and the boundary depends on its shape:
/// - UpperCamelCase (`TemplateItems`): it may be part of an identifier at a word boundary of its
///   camel case (`MockTemplateItemsService`, `TemplateItemRow`, `fetchTemplateItems`), but not
///   follow a capital or go on in lower case (`TemplateItems` is not `TemplateItem` + "s");
/// - lowerCamelCase (`templateItems`): it starts an identifier and does not go on in lower case;
/// - words ("template items") and a link's path (`template-items`): no letter or digit (nor a
///   hyphen, for the path) directly before or after.
///
/// The text is read once, left to right, longest form first, and what is written is never read
/// again, so a new name that holds the template's (`MyTemplateItems`) is written as it is. Any
/// other occurrence of the template's first word, in any letter case, is an error: a form no
/// rule knows would leave the template's name in the new feature.
struct FeatureRenaming {
    /// One form of the name and what it becomes.
    struct Rule: Equatable {
        let from: [Unicode.Scalar]
        let to: String
        let boundary: Boundary

        init(_ from: String, _ to: String) {
            self.from = Array(from.unicodeScalars)
            self.to = to
            if from.contains(" ") {
                boundary = .words
            } else if from.contains("-") {
                boundary = .path
            } else if from.first?.isUppercase == true {
                boundary = .upperCamelCase
            } else {
                boundary = .lowerCamelCase
            }
        }
    }

    /// Where a form may start and end, by its shape.
    enum Boundary {
        case upperCamelCase, lowerCamelCase, words, path
    }

    /// A place where the template's word stands in a form no rule renames.
    struct Leftover: Error, Equatable {
        /// 1-based.
        let line: Int
        /// The identifier or word it stands in.
        let word: String
    }

    /// The forms, longest first.
    let rules: [Rule]
    /// The template's first word in lower case ("template"): no occurrence may be left over.
    let marker: [Unicode.Scalar]

    init(from template: FeatureName, to new: FeatureName) {
        let pairs = [
            (template.possessive, new.possessive),
            (template.name, new.name), (template.item, new.item), (template.lowerName, new.lowerName),
            (template.pathSegment, new.pathSegment),
            (template.title, new.title), (template.phrase, new.phrase),
            (template.itemTitle, new.itemTitle), (template.itemPhrase, new.itemPhrase),
        ]
        rules = pairs.map { Rule($0.0, $0.1) }.sorted { $0.from.count > $1.from.count }
        marker = Array((SwiftNames.words(template.name).first ?? template.name).lowercased().unicodeScalars)
    }

    /// `text` with every form of the template's name renamed.
    /// - Throws: the first ``Leftover``: the template's word in a form no rule knows.
    func rename(_ text: String) throws(Leftover) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var line = 1
        while index < scalars.count {
            if let rule = rules.first(where: { matches($0, in: scalars, at: index) }) {
                result.append(contentsOf: rule.to.unicodeScalars)
                index += rule.from.count
                continue
            }
            if startsWithMarker(scalars, at: index) {
                throw Leftover(line: line, word: Self.word(in: scalars, around: index))
            }
            if scalars[index] == "\n" { line += 1 }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    /// Whether `text` holds a form of the template's name that a rule renames.
    func mentions(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.contains { index in rules.contains { matches($0, in: scalars, at: index) } }
    }

    private func matches(_ rule: Rule, in text: [Unicode.Scalar], at index: Int) -> Bool {
        let end = index + rule.from.count
        guard end <= text.count, text[index..<end].elementsEqual(rule.from) else { return false }
        let before = index > 0 ? text[index - 1] : nil
        let after = end < text.count ? text[end] : nil
        // An edge of the text is a boundary of every kind.
        func edge(_ scalar: Unicode.Scalar?, allows: (Unicode.Scalar) -> Bool) -> Bool { scalar.map(allows) ?? true }
        switch rule.boundary {
        case .upperCamelCase:
            return edge(before) { !$0.properties.isUppercase } && edge(after) { !$0.properties.isLowercase }
        case .lowerCamelCase:
            return edge(before) { !Self.isIdentifierPart($0) } && edge(after) { !$0.properties.isLowercase }
        case .words:
            return edge(before) { !Self.isLetterOrDigit($0) } && edge(after) { !Self.isLetterOrDigit($0) }
        case .path:
            return edge(before) { !Self.isLetterOrDigit($0) && $0 != "-" } && edge(after) { !Self.isLetterOrDigit($0) && $0 != "-" }
        }
    }

    private func startsWithMarker(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + marker.count <= text.count else { return false }
        return zip(text[index..<(index + marker.count)], marker).allSatisfy { Self.lowercased($0) == $1 }
    }

    private static func word(in text: [Unicode.Scalar], around index: Int) -> String {
        var start = index
        while start > 0, isIdentifierPart(text[start - 1]) || text[start - 1] == "-" { start -= 1 }
        var end = index
        while end < text.count, isIdentifierPart(text[end]) || text[end] == "-" { end += 1 }
        var word = String.UnicodeScalarView()
        word.append(contentsOf: text[start..<end].prefix(60))
        return String(word)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) || scalar == "_"
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
    }
}
