import CEditLine
import Synchronization

/// The contents of libedit's completion array for `word`, given all
/// candidates (the terminating NULL is not included):
/// - no candidate starts with `word`: `[]`;
/// - exactly one does: `[match, match]`;
/// - several do: `[longestCommonPrefix, m1, m2, ...]`, each listed as ``listed(_:sharing:)``
///   gives it.
///
/// Empty and duplicate candidates are ignored; order is otherwise kept.
///
/// With several matches libedit inserts only the first element and merely lists the others,
/// sorting them as strings: 1, 10, 11, …, 2. So the list is the only place the others appear:
/// what they show can be shaped for reading, and nothing typed changes.
public func completionMatches(for word: String, among candidates: [String]) -> [String] {
    var seen = Set<String>()
    let matches = candidates.filter { candidate in
        !candidate.isEmpty && candidate.hasPrefix(word) && seen.insert(candidate).inserted
    }
    guard let first = matches.first else {
        return []
    }
    if matches.count == 1 {
        return [first, first]
    }
    let prefix = longestCommonPrefix(of: matches)
    return [prefix] + listed(matches, sharing: prefix)
}

/// The matches as listed: from the last `/` of the prefix they share, as a shell lists files by
/// their names (`agora://events/` lists `1`, `2`, `1/comments`), and numbers padded on the left
/// to one width, so libedit's string sort orders them by value (and before words, as a space
/// sorts before letters): 1, 2, …, 10.
private func listed(_ matches: [String], sharing prefix: String) -> [String] {
    // Cut after the last `/` of the prefix that leaves every match something to list.
    let shortest = matches.map(\.count).min() ?? 0
    let cuts = prefix.enumerated().filter { $0.element == "/" }.map { $0.offset + 1 }
    let cut = cuts.last { $0 < shortest } ?? 0
    let names = matches.map { String($0.dropFirst(cut)) }
    let isNumber = { (name: String) in name.allSatisfy(\.isASCIIDigitCharacter) }
    let width = names.filter(isNumber).map(\.count).max() ?? 0
    return names.map { isNumber($0) ? String(repeating: " ", count: width - $0.count) + $0 : $0 }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

/// Longest common prefix in whole `Character`s, so a multi-byte character
/// is never split.
private func longestCommonPrefix(of strings: [String]) -> String {
    guard let firstString = strings.first else {
        return ""
    }
    var prefix = firstString[...]
    for string in strings.dropFirst() {
        var end = prefix.startIndex
        var other = string.startIndex
        while end < prefix.endIndex, other < string.endIndex, prefix[end] == string[other] {
            end = prefix.index(after: end)
            other = string.index(after: other)
        }
        prefix = prefix[..<end]
    }
    return String(prefix)
}

/// The provider consulted by `completionHook`. A global `let` because the
/// hook is a `@convention(c)` function and cannot capture anything.
let completionRegistry = Mutex<CompletionProvider?>(nil)

/// Installed into CEditLine; libedit calls it from the reader's queue.
func completionHook(
    _ line: UnsafePointer<CChar>,
    _ word: UnsafePointer<CChar>,
    _ wordStart: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    // Copy the provider out so it never runs with the lock held.
    guard let provider = completionRegistry.withLock({ $0 }) else {
        return nil
    }
    let request = completionRequest(line: line, word: word, wordStart: wordStart)
    return makeMatchesArray(completionMatches(for: request.word, among: provider(request)))
}

func completionRequest(
    line: UnsafePointer<CChar>,
    word: UnsafePointer<CChar>,
    wordStart: Int32
) -> CompletionRequest {
    let lineText = String(cString: line)
    // libedit reports the start in wide characters (Unicode scalars), not
    // bytes; CompletionRequest counts Characters.
    let scalarStart = max(0, min(Int(wordStart), lineText.unicodeScalars.count))
    var prefix = String.UnicodeScalarView()
    prefix.append(contentsOf: lineText.unicodeScalars.prefix(scalarStart))
    return CompletionRequest(line: lineText, word: String(cString: word), wordStart: String(prefix).count)
}

/// A NULL-terminated, malloc'd array of strdup'd strings, as libedit
/// expects (it frees them); nil for no matches or allocation failure.
private func makeMatchesArray(_ matches: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard !matches.isEmpty, let array = ceditline_matches_alloc(Int32(matches.count)) else {
        return nil
    }
    for (index, match) in matches.enumerated() {
        let status = match.withCString { ceditline_matches_set(array, Int32(index), $0) }
        if status != 0 {
            ceditline_matches_free(array)
            return nil
        }
    }
    return array
}
