/// The comments a test posted, counted among the comments the server has: each must be there
/// exactly once.
struct CommentTally: Equatable {
    let posted: Int
    /// Posted, but not on the server.
    let lost: Int
    /// Copies on the server beyond the first, summed over the comments posted.
    let duplicated: Int

    init(posted: Int, lost: Int, duplicated: Int) {
        self.posted = posted
        self.lost = lost
        self.duplicated = duplicated
    }

    init(posted texts: [String], onServer bodies: [String]) {
        posted = texts.count
        let counts = texts.map { text in bodies.filter { $0 == text }.count }
        lost = counts.filter { $0 == 0 }.count
        duplicated = counts.map { max(0, $0 - 1) }.reduce(0, +)
    }
}
