import AgoraArchitecture

/// A snapshot of what TAB completes on one screen: command names first, then each command's
/// arguments, and links after `open` as they are typed. A value, so the line editor can read it from its own thread.
public struct CompletionTable: Sendable, Equatable {
    public let commands: [String]
    public let arguments: [String: [String]]
    /// The shapes of every plugin's links, which `open` completes as the user types them.
    public let linkPatterns: [RoutePattern]
    /// Ids at hand for a link's id, by the path before it (`events`: the cached events'), which
    /// `open` offers where that id is being typed.
    public let linkIDs: [String: [Int]]

    public init(commands: [String], arguments: [String: [String]], linkPatterns: [RoutePattern] = [], linkIDs: [String: [Int]] = [:]) {
        self.commands = commands
        self.arguments = arguments
        self.linkPatterns = linkPatterns
        self.linkIDs = linkIDs
    }

    /// Candidates for the word that starts at character `wordStart` of `line`.
    public func candidates(line: String, wordStart: Int) -> [String] {
        let before = line.prefix(wordStart).split(whereSeparator: \.isWhitespace)
        guard let command = before.first else { return commands }
        guard before.count == 1 else { return [] }
        let fixed = arguments[String(command)] ?? []
        guard command == "open" else { return fixed }
        let word = String(line.dropFirst(wordStart).prefix { !$0.isWhitespace })
        return fixed + links(completing: word).filter { !fixed.contains($0) }
    }

    /// The links `word` can become (`agora://events/7/` → `agora://events/7/comments`,
    /// `agora://events/` → `agora://events/1` for each id at hand), from the plugins' link patterns; nothing for a word that is not the start of an `agora://` link.
    private func links(completing word: String) -> [String] {
        let prefix = "\(Route.scheme)://"
        let typed: String
        if word.hasPrefix(prefix) {
            typed = String(word.dropFirst(prefix.count))
        } else if prefix.hasPrefix(word) {
            typed = ""
        } else {
            return []
        }
        var links: [String] = []
        for path in linkPatterns.flatMap({ $0.paths(completing: typed, knownIDs: linkIDs) }) where !links.contains(prefix + path) {
            links.append(prefix + path)
        }
        return links
    }
}
