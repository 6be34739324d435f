/// Just enough reading of Swift source to edit it at known places: find a declaration's braces or
/// an array's brackets, skipping strings and comments, and list declared names.
struct SourceText {
    let text: String
    private let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// Byte offsets of every character outside strings and comments, and whether each is code.
    private func codeMask() -> [Bool] {
        var mask = [Bool](repeating: true, count: bytes.count)
        var index = 0
        func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { mask[index] = false; index += 1 }
            } else if byte == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if bytes[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") { depth += 1; mask[index] = false; index += 1 }
                    else if bytes[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") { depth -= 1; mask[index] = false; index += 1 }
                    mask[index] = false
                    index += 1
                } while index < bytes.count && depth > 0
            } else if byte == UInt8(ascii: "\"") {
                let triple = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
                let quoteLength = triple ? 3 : 1
                for offset in 0..<quoteLength { mask[index + offset] = false }
                index += quoteLength
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\") { mask[index] = false; index += 1 }
                    else if bytes[index] == UInt8(ascii: "\"") && (!triple || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\""))) {
                        for offset in 0..<quoteLength where index + offset < bytes.count { mask[index + offset] = false }
                        index += quoteLength
                        break
                    } else if !triple && bytes[index] == UInt8(ascii: "\n") {
                        break
                    }
                    if index < bytes.count { mask[index] = false }
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return mask
    }

    /// The offset of `needle` in code (not in a string or comment), searching from `start`.
    func offset(of needle: String, from start: Int = 0) -> Int? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        let mask = codeMask()
        var index = start
        while index + pattern.count <= bytes.count {
            if mask[index], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The offsets of the first `open` bracket at or after `start` and of the bracket closing it.
    func bracketPair(open: Character, close: Character, from start: Int) -> (open: Int, close: Int)? {
        let openByte = open.asciiValue!, closeByte = close.asciiValue!
        let mask = codeMask()
        guard let first = (start..<bytes.count).first(where: { mask[$0] && bytes[$0] == openByte }) else { return nil }
        var depth = 0
        for index in first..<bytes.count where mask[index] {
            if bytes[index] == openByte { depth += 1 }
            if bytes[index] == closeByte {
                depth -= 1
                if depth == 0 { return (first, index) }
            }
        }
        return nil
    }

    /// The offset where the line holding `offset` begins.
    func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The last character before `offset` that is not white space, if any.
    func lastNonSpace(before offset: Int) -> Character? {
        var index = offset - 1
        while index >= 0, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(bytes[index]) { index -= 1 }
        return index >= 0 ? Character(Unicode.Scalar(bytes[index])) : nil
    }

    /// Whether the text between the two offsets holds a line break.
    func spansLines(from start: Int, to end: Int) -> Bool {
        bytes[start..<end].contains(UInt8(ascii: "\n"))
    }

    /// The text with `insertion` at byte `offset`.
    func inserting(_ insertion: String, at offset: Int) -> String {
        String(decoding: bytes[..<offset], as: UTF8.self) + insertion + String(decoding: bytes[offset...], as: UTF8.self)
    }

    /// The names declared right after any of `keywords` (`struct Event` → "Event"), outside
    /// strings and comments.
    func declaredNames(after keywords: Set<String>) -> Set<String> {
        let mask = codeMask()
        var words: [String] = []
        var current: [UInt8] = []
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 96
        }
        for (index, byte) in bytes.enumerated() {
            if mask[index], isWordByte(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(String(decoding: current.filter { $0 != 96 }, as: UTF8.self))
                current = []
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        var names: Set<String> = []
        for (index, word) in words.enumerated().dropLast() where keywords.contains(word) {
            names.insert(words[index + 1])
        }
        return names
    }
}
