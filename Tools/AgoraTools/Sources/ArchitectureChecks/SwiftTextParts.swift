/// A Swift file split into its code and its string literals, comments dropped: what a rule
/// about identifiers reads (the code) apart from what a rule about user-visible text reads (the
/// literals). Interpolations (`\(…)`) are code; escapes stay as written.
struct SwiftTextParts {
    /// A run of code or of one literal's text, with the 1-based line it starts on.
    struct Part: Equatable {
        let text: String
        let line: Int
    }

    private(set) var code: [Part] = []
    private(set) var literals: [Part] = []

    init(_ source: String) {
        var scanner = Scanner(characters: Array(source))
        scanner.scan(into: &self)
    }

    private struct Scanner {
        let characters: [Character]
        var index = 0
        var line = 1

        mutating func scan(into parts: inout SwiftTextParts) {
            scanCode(into: &parts, closingParenthesis: false)
        }

        /// Code until the end, or until the `)` that closes an interpolation.
        private mutating func scanCode(into parts: inout SwiftTextParts, closingParenthesis: Bool) {
            var text = ""
            var start = line
            var depth = 0
            func flush() {
                if !text.isEmpty { parts.code.append(Part(text: text, line: start)) }
                text = ""
            }
            while index < characters.count {
                if starts(with: "//") {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                } else if starts(with: "/*") {
                    skipBlockComment()
                } else if characters[index] == "\"" || starts(with: "#\"") {
                    flush()
                    scanLiteral(into: &parts)
                    start = line
                } else {
                    let character = characters[index]
                    if closingParenthesis {
                        if character == "(" { depth += 1 }
                        if character == ")" {
                            if depth == 0 {
                                index += 1
                                break
                            }
                            depth -= 1
                        }
                    }
                    if character == "\n" { line += 1 }
                    text.append(character)
                    index += 1
                }
            }
            flush()
        }

        private mutating func skipBlockComment() {
            var depth = 0
            while index < characters.count {
                if starts(with: "/*") {
                    depth += 1
                    index += 2
                } else if starts(with: "*/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
            }
        }

        /// A literal, `"…"`, `"""…"""` or raw (`#"…"#`), from its opening quote.
        private mutating func scanLiteral(into parts: inout SwiftTextParts) {
            var hashes = 0
            while index < characters.count, characters[index] == "#" {
                hashes += 1
                index += 1
            }
            let isMultiline = starts(with: "\"\"\"")
            index += isMultiline ? 3 : 1
            let close = String(repeating: "\"", count: isMultiline ? 3 : 1) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            let start = line
            while index < characters.count {
                if starts(with: close) {
                    index += close.count
                    break
                }
                if starts(with: escape + "(") {
                    index += escape.count + 1
                    scanCode(into: &parts, closingParenthesis: true)
                    continue
                }
                if starts(with: escape) {
                    text += escape
                    index += escape.count
                    if index < characters.count {
                        text.append(characters[index])
                        index += 1
                    }
                    continue
                }
                if characters[index] == "\n" {
                    line += 1
                    if !isMultiline { break }
                }
                text.append(characters[index])
                index += 1
            }
            parts.literals.append(Part(text: text, line: start))
        }

        private func starts(with prefix: String) -> Bool {
            var position = index
            for character in prefix {
                guard position < characters.count, characters[position] == character else { return false }
                position += 1
            }
            return true
        }
    }
}
