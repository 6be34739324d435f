import Foundation
import Testing

/// The arithmetic `Scripts/fault-injection` relies on: what counts as lost, duplicated and
/// survived, and the line a record appends.
@Suite("Fault records: tallies, survival and the appended line")
struct FaultRecordTests {
    @Test("given comments posted and the server's bodies, then a missing one is lost and each extra copy a duplicate")
    func tally() {
        let tally = CommentTally(posted: ["kept", "gone", "twice", "thrice"], onServer: ["kept", "twice", "twice", "thrice", "thrice", "thrice", "other"])
        #expect(tally == CommentTally(posted: 4, lost: 1, duplicated: 3))
    }

    @Test("given checks, then survived only when there is at least one and every one held")
    func survival() {
        var checks = SurvivalChecks()
        #expect(!checks.allHeld, "no check is no evidence")
        checks.check("the message", true)
        #expect(checks.allHeld)
        checks.check("the next command", false)
        #expect(!checks.allHeld)
        #expect(checks.failed == ["the next command"])
    }

    @Test("given AGORA_FAULT_RECORD, then each record appends one JSON line; without it nothing is written")
    func appendsLines() throws {
        let folder = try ScratchFolder("fault-record")
        let path = folder.file("records.jsonl").path
        var checks = SurvivalChecks()
        checks.check("seen", true)
        let record = FaultRecord(fault: "http-500", survival: checks, comments: CommentTally(posted: ["a"], onServer: ["a"]))

        try record.append(environment: [:])
        #expect(!FileManager.default.fileExists(atPath: path))
        try record.append(environment: [FaultRecord.environmentVariable: path])
        try record.append(environment: [FaultRecord.environmentVariable: path])

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"commentsDuplicated":0,"commentsLost":0,"commentsPosted":1,"fault":"http-500","survived":true}"#)
    }
}
