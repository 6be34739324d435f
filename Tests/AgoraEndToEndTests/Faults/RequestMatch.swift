/// Which request a fault applies to: a method and a path, or the start of one (the query is
/// ignored).
struct RequestMatch: Sendable, Hashable, CustomStringConvertible {
    let method: String
    let path: String
    /// Whether `path` only has to start the request's path (`/v1/comments/` for any comment).
    var isPrefix = false

    static func get(_ path: String) -> RequestMatch { RequestMatch(method: "GET", path: path) }
    static func post(_ path: String) -> RequestMatch { RequestMatch(method: "POST", path: path) }
    static func delete(under path: String) -> RequestMatch { RequestMatch(method: "DELETE", path: path, isPrefix: true) }

    func matches(method: String, target: String) -> Bool {
        let targetPath = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        return method == self.method && (isPrefix ? targetPath.hasPrefix(path) : targetPath == path)
    }

    var description: String { "\(method) \(path)\(isPrefix ? "…" : "")" }
}
