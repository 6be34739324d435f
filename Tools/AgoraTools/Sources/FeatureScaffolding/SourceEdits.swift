/// The edits a new feature makes to shared files, each at a place found by a marker text; an
/// edit that cannot find its place throws, naming the file and the text, before anything is
/// written.
enum SourceEdits {
    /// Adds `element` as the last element of the array literal found by `anchors`: each is
    /// looked for after the one before, and the array is the first `[` from the last one on
    /// (`["static var all", "{", "["]` skips the type annotation `[any FeaturePlugin]`).
    static func appendingElement(_ element: String, toArrayAfter anchors: [String], in text: String, file: String) throws(ScaffoldingError) -> String {
        let source = SourceText(text)
        var position = 0
        for anchor in anchors {
            guard let found = source.offset(of: anchor, from: position) else { throw missing(anchors.joined(separator: " … "), in: file) }
            position = found + anchor.utf8.count - (anchor.hasSuffix("[") ? 1 : 0)
        }
        guard let pair = source.bracketPair(open: "[", close: "]", from: position) else {
            throw missing(anchors.joined(separator: " … "), in: file)
        }
        let last = source.lastNonSpace(before: pair.close)
        if source.spansLines(from: pair.open, to: pair.close) {
            // One element a line: the new one goes last, indented like the closing bracket's
            // line plus four spaces, and the previous one gets a comma if it has none.
            let lineStart = source.lineStart(of: pair.close)
            let indent = String(repeating: " ", count: text.utf8.dropFirst(lineStart).prefix { $0 == UInt8(ascii: " ") }.count)
            var edited = source.inserting("\(indent)    \(element),\n", at: lineStart)
            if last != "," && last != "[" {
                edited = SourceText(edited).inserting(",", at: offsetOfLastNonSpace(text, before: pair.close) + 1)
            }
            return edited
        }
        return source.inserting(last == "[" ? element : ", \(element)", at: pair.close)
    }

    /// Inserts `insertion` (whole lines) before the line of the closing brace of the declaration
    /// that `anchor` starts.
    /// - Parameter after: text that comes before `anchor`, when `anchor` alone is not unique.
    static func insertingBeforeClosingBrace(_ insertion: String, of anchor: String, after: String? = nil, in text: String, file: String) throws(ScaffoldingError) -> String {
        let source = SourceText(text)
        let from = after.flatMap { source.offset(of: $0) } ?? 0
        guard after == nil || source.offset(of: after!) != nil,
              let start = source.offset(of: anchor, from: from), let pair = source.bracketPair(open: "{", close: "}", from: start)
        else { throw missing(after.map { "\($0)' … '\(anchor)" } ?? anchor, in: file) }
        return source.inserting(insertion, at: source.lineStart(of: pair.close))
    }

    /// Inserts `insertion` (whole lines) before the line holding `marker` inside the braces of
    /// the declaration that `anchor` starts.
    static func inserting(_ insertion: String, beforeLineWith marker: String, inside anchor: String, in text: String, file: String) throws(ScaffoldingError) -> String {
        let source = SourceText(text)
        guard let start = source.offset(of: anchor), let pair = source.bracketPair(open: "{", close: "}", from: start),
              let found = source.offset(of: marker, from: pair.open), found < pair.close
        else { throw missing("\(marker)' in '\(anchor)", in: file) }
        return source.inserting(insertion, at: source.lineStart(of: found))
    }

    /// Adds `import module` among the file's imports, in alphabetical order.
    static func addingImport(_ module: String, in text: String, file: String) throws(ScaffoldingError) -> String {
        var lines = text.components(separatedBy: "\n")
        let imports = lines.indices.filter { lines[$0].hasPrefix("import ") }
        guard let last = imports.last else { throw missing("import", in: file) }
        let position = imports.first { lines[$0].dropFirst("import ".count) > Substring(module) } ?? last + 1
        lines.insert("import \(module)", at: position)
        return lines.joined(separator: "\n")
    }

    private static func offsetOfLastNonSpace(_ text: String, before offset: Int) -> Int {
        let bytes = Array(text.utf8)
        var index = offset - 1
        while index >= 0, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(bytes[index]) { index -= 1 }
        return index
    }

    private static func missing(_ anchor: String, in file: String) -> ScaffoldingError {
        ScaffoldingError("\(file) has no '\(anchor)' where a new feature adds itself; restore it (see Tools/README.md) or add the feature by hand")
    }
}
