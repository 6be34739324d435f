/// The template's parts in a shared file that holds every feature's (its endpoint on
/// `ServiceType`, its mock's answer in `MockService`): a new feature adds the same parts,
/// renamed, each right after the template's.
///
/// A part is one of:
/// - a section that starts with `// MARK: Template items` (the template's title), up to the next
///   mark at its indentation or the end of the declaration it is in;
/// - any other line that names the template (a stored property, a parameter, an argument), with
///   the doc comment right above it.
///
/// So that a copy stays valid, a line part is whole on its line and ends in a comma when it is
/// one of a list.
struct TemplateParts {
    let renaming: FeatureRenaming
    /// The template's title, as its section mark names it ("Template items").
    let title: String

    /// `text` with each template part followed by its renamed copy.
    /// - Throws: a ``ScaffoldingError`` naming `file` when it holds no part, or a part holds the
    ///   template's name in a form the renaming does not know.
    func adding(to text: String, file: String) throws(ScaffoldingError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var found = false
        var index = 0
        func copy(_ part: ArraySlice<String>) throws(ScaffoldingError) -> [String] {
            found = true
            do {
                return try renaming.rename(part.joined(separator: "\n")).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } catch {
                throw ScaffoldingError("\(file):\(index + error.line): '\(error.word)' holds the template's name in a form new-feature cannot rename")
            }
        }
        while index < lines.count {
            let trimmed = Self.trimmed(lines[index])
            if trimmed == "// MARK: \(title)" {
                let end = sectionEnd(lines, from: index)
                var section = lines[index..<end]
                // The blank lines between sections stay after the copy.
                while let last = section.last, Self.trimmed(last).isEmpty { section = section.dropLast() }
                result += section + [""] + (try copy(section))
                index = section.endIndex
                continue
            }
            var end = index
            while end < lines.count - 1, Self.trimmed(lines[end]).hasPrefix("///") { end += 1 }
            let part = lines[index...end]
            result += part
            if renaming.mentions(part.joined(separator: "\n")) { result += try copy(part) }
            index = end + 1
        }
        guard found else {
            throw ScaffoldingError("\(file) holds no part of the template (a '// MARK: \(title)' section or a line naming it); restore it (see Tools/README.md) or add the feature's parts by hand")
        }
        return result.joined(separator: "\n")
    }

    /// The index after the section that starts at `start`: the next mark at its indentation, or
    /// the closing brace of the declaration it is in.
    private func sectionEnd(_ lines: [String], from start: Int) -> Int {
        let indentation = Self.indentation(lines[start])
        var end = start + 1
        while end < lines.count {
            let trimmed = Self.trimmed(lines[end])
            if trimmed.hasPrefix("// MARK:"), Self.indentation(lines[end]) == indentation { break }
            if trimmed.hasPrefix("}"), Self.indentation(lines[end]) < indentation { break }
            end += 1
        }
        return end
    }

    private static func trimmed(_ line: String) -> Substring {
        line.drop { $0 == " " }
    }

    private static func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }
}
