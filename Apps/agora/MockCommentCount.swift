/// `AGORA_MOCK_COMMENTS=<count>`: how many comments the OSS mock's busiest event (event 1) has,
/// so a long thread can be paged in OSS mode too (the memory benchmark pages 1,000 pages).
/// Unset means the fixtures' own count.
enum MockCommentCount {
    static let variable = "AGORA_MOCK_COMMENTS"

    struct Invalid: Error, CustomStringConvertible {
        let value: String
        var description: String {
            "\(MockCommentCount.variable) must be a whole number of comments (e.g. 25000), got '\(value.prefix(40))'"
        }
    }

    static func count(in environment: [String: String]) throws(Invalid) -> Int? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        guard let count = Int(value), (0...10_000_000).contains(count) else { throw Invalid(value: value) }
        return count
    }
}
