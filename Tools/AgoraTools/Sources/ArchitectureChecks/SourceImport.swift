/// One `import` in a Swift file: the module and the line it is on.
public struct SourceImport: Hashable, Sendable {
    /// The top module imported: `Foundation` for `import struct Foundation.Date`.
    public let module: String
    /// 1-based.
    public let line: Int

    public init(module: String, line: Int) {
        self.module = module
        self.line = line
    }

    /// Every import in `source`, in order. Imports inside `#if` count (the check cannot know
    /// which branch builds); text in comments and multi-line string literals does not.
    public static func scan(_ source: String) -> [SourceImport] {
        var imports: [SourceImport] = []
        var commentDepth = 0
        var inMultilineString = false
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if inMultilineString {
                if line.contains("\"\"\"") { inMultilineString = false }
                continue
            }
            if commentDepth > 0 {
                commentDepth += depthChange(line)
                continue
            }
            if line.hasPrefix("/*") {
                commentDepth = depthChange(line)
                continue
            }
            if line.components(separatedBy: "\"\"\"").count == 2 {
                inMultilineString = true
                continue
            }
            if let module = importedModule(line) {
                imports.append(SourceImport(module: module, line: index + 1))
            }
        }
        return imports
    }

    private static func depthChange(_ line: String) -> Int {
        line.components(separatedBy: "/*").count - line.components(separatedBy: "*/").count
    }

    /// Import kinds that may follow `import` (`import struct Foundation.Date`).
    private static let importKinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor"]

    /// The module a line imports, or `nil` when it is not an import declaration.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Attributes and access levels before `import`: @testable, @_exported, @preconcurrency,
        // @_spi(X), public, package…
        while let word = words.first, word != "import" {
            guard word.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(word) else {
                return nil
            }
            words = words.dropFirst()
        }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, importKinds.contains(kind) { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        let module = path.split(separator: ".").first.map(String.init) ?? ""
        guard let first = module.first, first.isLetter || first == "_",
              module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return module
    }
}
