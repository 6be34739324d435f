import Foundation

/// One injected fault and what came of it, as `Scripts/fault-injection` adds them up: whether the
/// REPL survived it (said what happened in one line, kept working, quit by itself) and what
/// became of the comments posted during it, counted on the server.
///
/// Appended as one JSON line to the file `AGORA_FAULT_RECORD` names; nothing is written when
/// it is unset (a plain `swift test`).
struct FaultRecord: Codable, Equatable {
    static let environmentVariable = "AGORA_FAULT_RECORD"

    let fault: String
    let survived: Bool
    let commentsPosted: Int
    let commentsLost: Int
    let commentsDuplicated: Int

    init(fault: String, survival: SurvivalChecks, comments: CommentTally) {
        self.fault = fault
        survived = survival.allHeld
        commentsPosted = comments.posted
        commentsLost = comments.lost
        commentsDuplicated = comments.duplicated
    }

    /// Appends the record to `AGORA_FAULT_RECORD`'s file, when the variable is set.
    func append(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let path = environment[Self.environmentVariable], !path.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let line = try encoder.encode(self) + Data("\n".utf8)
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }
}
